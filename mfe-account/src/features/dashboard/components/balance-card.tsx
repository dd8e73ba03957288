import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { queryKeys, useCurrentUser, type DashboardWidgetProps } from '@guestspot/shared-api';
import { getBalance } from '@guestspot/shared-api/booking-flow';
import { Card, formatMoney, Skeleton, SkeletonGroup } from '@guestspot/shared-ui';
import { settingsAccess } from '../../../lib/settings-access';
import './dashboard-cards.css';

export const PAYMENTS_PATH = '/payments';
export const PAYOUTS_PATH = '/settings#payout';

/**
 * Dashboard balance card (marketplace… §2.9): the TOTAL and the store credit (GET /balance,
 * cents), with links to the payments page (once published) and the payout settings (for those
 * who may see them). Hidden when the balance cannot be loaded (§8).
 */
export function BalanceCard({ isPublished }: Partial<DashboardWidgetProps>) {
  const user = useCurrentUser();
  const balance = useQuery({ queryKey: queryKeys.balance, queryFn: getBalance });
  if (!user || balance.isError) return null;
  const showPayments = isPublished?.(PAYMENTS_PATH) ?? false;
  const showPayouts = settingsAccess(user).seePayout;
  return (
    <Card title="Balance">
      {balance.isPending ? (
        <SkeletonGroup label="Loading your balance">
          <Skeleton variant="text" width="8rem" />
          <Skeleton variant="text" width="10rem" />
        </SkeletonGroup>
      ) : (
        <dl className="gs-balance-card">
          <div className="gs-balance-card__figure">
            <dt>TOTAL</dt>
            <dd className="gs-balance-card__total">{formatMoney(balance.data.total_balance)}</dd>
          </div>
          <div className="gs-balance-card__figure">
            <dt>Store credit</dt>
            <dd>{formatMoney(balance.data.guestspot_cash)}</dd>
          </div>
        </dl>
      )}
      {showPayments || showPayouts ? (
        <p className="gs-dashboard-card__links">
          {showPayments ? <Link to={PAYMENTS_PATH}>Payments</Link> : null}
          {showPayouts ? <Link to={PAYOUTS_PATH}>Payouts</Link> : null}
        </p>
      ) : null}
    </Card>
  );
}
