export { brandName, cardExpiry, cardLabel, cardName, formatBillingDate } from './format';
