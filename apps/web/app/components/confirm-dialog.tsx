import { ExclamationCircleFilled } from '@ant-design/icons';
import { Modal } from 'antd';
import { useState } from 'react';
import type { ConfirmOptions } from './confirm';
import './confirm-dialog.css';

/** The dialog of `useConfirm` (confirm.tsx), in a module of its own: it loads when first asked. */
export default function ConfirmDialog({
  title,
  content,
  okText,
  cancelText = '取消',
  danger,
  onOk,
  open,
  onClose,
  afterClose,
}: ConfirmOptions & { open: boolean; onClose: () => void; afterClose: () => void }) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onOk();
    } finally {
      setBusy(false);
      onClose();
    }
  };
  return (
    <Modal
      open={open}
      width={416}
      className="confirm-dialog"
      title={
        <span className="confirm-dialog__title">
          <ExclamationCircleFilled aria-hidden className="confirm-dialog__icon" />
          {title}
        </span>
      }
      okText={okText}
      cancelText={cancelText}
      okButtonProps={{ danger, loading: busy }}
      cancelButtonProps={{ disabled: busy }}
      closable={!busy}
      maskClosable={false}
      onOk={() => void confirm()}
      onCancel={onClose}
      afterClose={afterClose}
    >
      {content}
    </Modal>
  );
}
