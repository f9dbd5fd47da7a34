import type { Grant } from '@fuliaotong/contracts';
import { Button, Form, Input, Popconfirm } from 'antd';
import { errorMessage } from '@fuliaotong/client';
import { schemaRule } from '../../lib/form-rules';
import { toast } from '../../components/toast';
import { useAddGrantSeat, useRemoveGrantSeat } from './plan-api';

/** The holder of a company membership gives its seats to colleagues' accounts, and takes them back. */
export function GrantSeats({ grant }: { grant: Grant }) {
  const [form] = Form.useForm<{ account: string }>();
  const add = useAddGrantSeat(grant.id);
  const remove = useRemoveGrantSeat(grant.id);
  const used = grant.seatHolders.length + 1;
  return (
    <div className="grant-seats">
      <p className="grant-seats__count">
        成员账号：已用 {used} / {grant.seats} 个（含您自己）
      </p>
      <ul className="grant-seats__list">
        {grant.seatHolders.map((seat) => (
          <li key={seat.userId}>
            {seat.account}
            <Popconfirm
              title="收回这个账号的席位？"
              okText="收回"
              cancelText="取消"
              onConfirm={() => remove.mutateAsync(seat.userId).catch((error: unknown) => toast.error(errorMessage(error)))}
            >
              <Button type="link" size="small" danger aria-label={`收回 ${seat.account} 的席位`}>
                收回
              </Button>
            </Popconfirm>
          </li>
        ))}
      </ul>
      {used < (grant.seats ?? 1) ? (
        <Form
          form={form}
          layout="inline"
          className="grant-seats__form"
          onFinish={({ account }) =>
            add.mutate(account, {
              onSuccess: () => {
                form.resetFields();
                toast.success('已添加成员账号');
              },
              onError: (error) => toast.error(errorMessage(error, '添加失败')),
            })
          }
        >
          <Form.Item name="account" rules={[{ required: true, message: '请输入同事的手机号或邮箱' }, schemaRule((s) => s.AccountName)]}>
            <Input placeholder="同事的手机号或邮箱（须已注册）" aria-label="成员账号" maxLength={254} />
          </Form.Item>
          <Button htmlType="submit" loading={add.isPending}>
            添加成员
          </Button>
        </Form>
      ) : null}
    </div>
  );
}
