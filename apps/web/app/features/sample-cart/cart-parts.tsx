import { DeleteOutlined } from '@ant-design/icons';
import { unavailableReasonLabels, paths, withQuery } from '@fuliaotong/contracts/constants';
import type { CartItem } from '@fuliaotong/contracts';
import { Button, Popconfirm, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { QuantityInput } from './quantity-input';

/** Phones (and narrow windows): cards instead of a table. Only used in pages rendered in the browser. */
export function useNarrow(maxWidth = 767): boolean {
  const query = `(max-width: ${maxWidth}px)`;
  const [narrow, setNarrow] = useState(() => typeof window !== 'undefined' && window.matchMedia(query).matches);
  useEffect(() => {
    const list = window.matchMedia(query);
    const update = () => setNarrow(list.matches);
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return narrow;
}

/** How long a change of the quantity waits before it is saved (more clicks or keystrokes may follow). */
const QUANTITY_SAVE_DELAY_MS = 500;

/**
 * The quantity of a cart item, 1 … max: the change is saved shortly after the last click or keystroke
 * (at once when the field loses focus).
 */
export function QuantityStepper({
  item,
  max,
  disabled,
  onCommit,
}: {
  item: Pick<CartItem, 'id' | 'quantity' | 'nameZh' | 'grade' | 'packSize'>;
  max: number;
  disabled?: boolean;
  onCommit: (quantity: number) => void;
}) {
  const [value, setValue] = useState<number>(item.quantity);
  const timer = useRef<number | undefined>(undefined);
  const saved = useRef(item.quantity);
  const latest = useRef(item.quantity);

  // The server's value wins when it changes (after a save, or a change in another tab).
  useEffect(() => {
    saved.current = item.quantity;
    latest.current = item.quantity;
    setValue(item.quantity);
  }, [item.quantity]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const commit = () => {
    window.clearTimeout(timer.current);
    if (latest.current === saved.current) return;
    saved.current = latest.current;
    onCommit(latest.current);
  };

  return (
    <QuantityInput
      value={value}
      max={max}
      disabled={disabled}
      label={`${item.nameZh} ${item.grade} ${item.packSize} 的数量`}
      onChange={(next) => {
        latest.current = next;
        setValue(next);
        window.clearTimeout(timer.current);
        timer.current = window.setTimeout(commit, QUANTITY_SAVE_DELAY_MS);
      }}
      onCommit={commit}
    />
  );
}

export function ExcipientCell({ item }: { item: CartItem }) {
  return (
    <div className="cart-product">
      <Link to={withQuery(paths.excipientDetail, { id: item.excipientId })} className="cart-product__name">
        {item.nameZh}
      </Link>
      <div className="cart-product__en muted small">
        {item.nameEn}
        {item.category ? ` · ${item.category}` : ''}
      </div>
      {!item.available && item.unavailableReason ? (
        <Tag className="cart-product__reason">{unavailableReasonLabels[item.unavailableReason]}，不可申请</Tag>
      ) : null}
    </div>
  );
}

export function RemoveButton({ item, onRemove, pending }: { item: CartItem; onRemove: () => Promise<unknown>; pending: boolean }) {
  return (
    <Popconfirm
      title="从样品车移除这件样品？"
      description={`${item.nameZh} ${item.grade} · ${item.packSize}`}
      okText="移除"
      okButtonProps={{ danger: true }}
      cancelText="取消"
      onConfirm={() => onRemove().catch(() => undefined)}
    >
      <Button
        type="text"
        danger
        size="small"
        icon={<DeleteOutlined aria-hidden />}
        loading={pending}
        aria-label={`移除 ${item.nameZh} ${item.grade} ${item.packSize}`}
      >
        移除
      </Button>
    </Popconfirm>
  );
}
