export {
  CARD_SETUP_ERROR,
  SubscribeForm,
  TRIAL_NOTE,
  type SubscribeFormProps,
} from './subscribe-form';
export { PRO_FEATURES, ProFeatureList, type ProFeatureListProps } from './pro-feature-list';
export { COUPON_NOT_FOUND, COUPON_NOT_VALID } from '../../hooks/use-coupon-lookup';
