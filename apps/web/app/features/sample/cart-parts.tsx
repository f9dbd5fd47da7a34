import { DeleteOutlined } from '@ant-design/icons';
import { unavailableReasonLabels, type CartItem } from '@fuliaotong/contracts';
import { Button, InputNumber, Popconfirm, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths, withQuery } from '../../paths';

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

/** How long typing in the quantity waits before the change is saved. */
const QUANTITY_SAVE_DELAY_MS = 500;

/**
 * The quantity of a cart item, 1 … max: the − and + buttons and typing change it; the change is saved
 * shortly after the last keystroke or click (and at once when the field loses focus).
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

  // The server's value wins when it changes (after a save, or a change in another tab).
  useEffect(() => {
    saved.current = item.quantity;
    setValue(item.quantity);
  }, [item.quantity]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const commit = (next: number) => {
    window.clearTimeout(timer.current);
    if (next === saved.current) return;
    saved.current = next;
    onCommit(next);
  };
  const schedule = (next: number) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => commit(next), QUANTITY_SAVE_DELAY_MS);
  };

  return (
    <InputNumber
      className="quantity-stepper"
      mode="spinner"
      min={1}
      max={max}
      precision={0}
      value={value}
      disabled={disabled}
      aria-label={`${item.nameZh} ${item.grade} ${item.packSize} 的数量`}
      onChange={(next) => {
        if (typeof next !== 'number' || !Number.isFinite(next)) return;
        const bounded = Math.min(max, Math.max(1, Math.trunc(next)));
        setValue(bounded);
        schedule(bounded);
      }}
      onBlur={() => commit(value)}
      onPressEnter={() => commit(value)}
    />
  );
}

export function ProductCell({ item }: { item: CartItem }) {
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

export function RemoveButton({
  item,
  onRemove,
  pending,
}: {
  item: CartItem;
  onRemove: () => Promise<unknown>;
  pending: boolean;
}) {
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
        icon={<DeleteOutlined />}
        loading={pending}
        aria-label={`移除 ${item.nameZh} ${item.grade} ${item.packSize}`}
      >
        移除
      </Button>
    </Popconfirm>
  );
}
