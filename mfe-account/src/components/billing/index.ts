export {
  brandName,
  cardExpiry,
  cardLabel,
  cardName,
  formatBillingDate,
  formatCents,
} from './format';
