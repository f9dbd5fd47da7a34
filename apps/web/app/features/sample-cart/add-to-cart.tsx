import { CheckCircleFilled, ShoppingCartOutlined } from '@ant-design/icons';
import { DEFAULT_SAMPLE_LIMITS, paths, withQuery } from '@fuliaotong/contracts/constants';
import type { ExcipientDetail, ExcipientSpec } from '@fuliaotong/contracts';
import { errorMessage } from '@fuliaotong/client';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Spinner } from '../../components/load-state';
import { Notice } from '../../components/notice';
import { toast } from '../../components/toast';
import { loginHref } from '../session/login-redirect';
import { useCurrentUser } from '../session/session';
import { QuantityInput } from './quantity-input';
import { CartLimitError, cartListQuery, useAddToCart } from './sample-cart-api';
import './sample-cart.css';

/** Specs by grade, in the order the API lists them. */
function gradesOf(specs: ExcipientSpec[]): Array<[string, ExcipientSpec[]]> {
  const grades = new Map<string, ExcipientSpec[]>();
  for (const spec of specs) grades.set(spec.grade, [...(grades.get(spec.grade) ?? []), spec]);
  return [...grades];
}

function clampQuantity(value: unknown, max: number): number {
  const n = Math.trunc(Number(value));
  return Number.isFinite(n) ? Math.min(max, Math.max(1, n)) : 1;
}

type Outcome = { type: 'added'; text: string } | { type: 'refused'; text: string };

/**
 * The product page's grades and sample pack sizes: pick a pack size (only those offered as samples),
 * a quantity, and add it to the sample cart. The check call comes first and its message is shown when
 * the limits do not allow the change. Signed out, the button goes to /login and back here with the
 * pick kept in the address (`spec`, `qty`).
 */
export function SampleSpecPicker({ excipient }: { excipient: Pick<ExcipientDetail, 'id' | 'nameZh' | 'specs'> }) {
  const location = useLocation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const cart = useQuery({ ...cartListQuery(), enabled: user !== null });
  const add = useAddToCart();
  const maxQuantity = cart.data?.limits.maxQuantity ?? DEFAULT_SAMPLE_LIMITS.maxQuantity;

  const params = new URLSearchParams(location.search);
  const offered = excipient.specs.filter((s) => s.sampleAvailable);
  const [specId, setSpecId] = useState<number | undefined>(() => {
    const wanted = Number(params.get('spec'));
    return offered.find((s) => s.id === wanted)?.id ?? (offered.length === 1 ? offered[0]?.id : undefined);
  });
  const [quantity, setQuantity] = useState<number>(() => clampQuantity(params.get('qty') ?? 1, DEFAULT_SAMPLE_LIMITS.maxQuantity));
  const [outcome, setOutcome] = useState<Outcome>();
  const chosen = offered.find((s) => s.id === specId);
  const inCart = chosen ? cart.data?.items.find((item) => item.specId === chosen.id) : undefined;

  const choose = (id: number) => {
    setSpecId(id);
    setOutcome(undefined);
  };

  const submit = () => {
    if (!chosen || add.isPending) return;
    const qty = clampQuantity(quantity, maxQuantity);
    if (!user) {
      const back = withQuery(paths.excipientDetail, { id: excipient.id, spec: chosen.id, qty });
      void navigate(loginHref(back));
      return;
    }
    setOutcome(undefined);
    add.mutate(
      { excipientId: excipient.id, specId: chosen.id, quantity: qty },
      {
        onSuccess: (result) => {
          const what = `${excipient.nameZh}（${chosen.grade} · ${chosen.packSize}）`;
          const text = result.merged
            ? `${what} 已在样品车中，数量增加到 ${result.item.quantity} 件。`
            : `已将 ${what} ${qty} 件加入样品车。`;
          setOutcome({ type: 'added', text: `${text}样品车共 ${result.itemCount} 种样品。` });
          toast.success(result.merged ? '样品车中的数量已增加' : '已加入样品车');
        },
        onError: (error) => {
          const text = error instanceof CartLimitError ? error.message : errorMessage(error, '加入样品车失败，请稍后重试');
          // Said once, by the warning under the button (it is announced as it appears).
          setOutcome({ type: 'refused', text });
        },
      },
    );
  };

  return (
    <div className="sample-picker">
      <table className="spec-table">
        <thead>
          <tr>
            <th scope="col">规格等级</th>
            <th scope="col">{offered.length > 0 ? '样品包装（点击选择）' : '样品包装'}</th>
          </tr>
        </thead>
        <tbody>
          {gradesOf(excipient.specs).map(([grade, specs]) => (
            <tr key={grade}>
              <th scope="row" className="spec-table__grade">
                {grade}
              </th>
              <td>
                <div className="spec-packs" role="group" aria-label={`${grade} 样品包装`}>
                  {specs.map((spec) =>
                    spec.sampleAvailable ? (
                      <button
                        key={spec.id}
                        type="button"
                        className={spec.id === specId ? 'spec-pack is-selected' : 'spec-pack'}
                        aria-pressed={spec.id === specId}
                        aria-label={`${grade} ${spec.packSize}`}
                        data-spec-id={spec.id}
                        onClick={() => choose(spec.id)}
                      >
                        {spec.id === specId ? <CheckCircleFilled aria-hidden /> : <ShoppingCartOutlined aria-hidden />} {spec.packSize}
                      </button>
                    ) : (
                      <span key={spec.id} className="spec-pack is-disabled" title="该包装暂不提供样品">
                        {spec.packSize} · 暂不提供
                      </span>
                    ),
                  )}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      {offered.length === 0 ? (
        <p className="muted small spec-note">本品暂不提供样品，可联系客服咨询替代辅料。</p>
      ) : (
        <div className="sample-picker__bar">
          <div className="sample-picker__choice" aria-live="polite">
            {chosen ? (
              <>
                已选 <strong>{chosen.grade}</strong> · <strong>{chosen.packSize}</strong>
                {inCart ? <span className="muted">（样品车中已有 {inCart.quantity} 件）</span> : null}
              </>
            ) : (
              <span className="muted">请在上表中选择规格等级与样品包装</span>
            )}
          </div>
          <div className="sample-picker__quantity">
            <span aria-hidden>数量</span>
            <QuantityInput
              value={quantity}
              max={maxQuantity}
              label="样品数量"
              onChange={(value) => setQuantity(clampQuantity(value, maxQuantity))}
            />
            <span className="muted small">件（最多 {maxQuantity}）</span>
          </div>
          <button
            type="button"
            className="button button--primary sample-picker__add"
            disabled={!chosen}
            aria-busy={add.isPending}
            onClick={submit}
          >
            {add.isPending ? <Spinner /> : <ShoppingCartOutlined aria-hidden />}
            加入样品车
          </button>
        </div>
      )}
      {outcome ? (
        <Notice
          className="sample-picker__outcome"
          type={outcome.type === 'added' ? 'success' : 'warning'}
          title={outcome.text}
          action={
            outcome.type === 'added' || (outcome.type === 'refused' && user) ? <Link to={paths.sampleCart}>去样品车</Link> : undefined
          }
        />
      ) : null}
    </div>
  );
}
