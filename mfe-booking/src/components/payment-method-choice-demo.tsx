import { useState } from 'react';
import { Button } from '@guestspot/shared-ui';
import { useCardPayment } from '../hooks/use-card-payment';
import { PaymentMethodChoice } from './payment-method-choice';

/**
 * The choice as a payment uses it, for its story and its test: Pay asks useCardPayment for the
 * method to send ('Paid with' lists every try's, 'nothing' when there was none), and 'Refused'
 * forgets a confirmed card as a refused payment does. The data comes from the caller's cache.
 */
export function PaymentMethodChoiceDemo({ disabled = false }: { disabled?: boolean }) {
  const [chosen, setChosen] = useState<string | null>(null);
  const [saveCard, setSaveCard] = useState(false);
  const [paid, setPaid] = useState<string[]>([]);
  const [error, setError] = useState('');
  const payment = useCardPayment({ chosen, enabled: true });
  const pay = async () => {
    setError('');
    payment.clearCardError();
    const method = await payment.paymentMethod(setError);
    setPaid((tries) => [...tries, method ?? 'nothing']);
  };
  return (
    <div style={{ display: 'grid', gap: 12, maxWidth: 460 }}>
      <PaymentMethodChoice
        payment={payment}
        onChoose={setChosen}
        saveCard={saveCard}
        onSaveCardChange={setSaveCard}
        busy={payment.preparing}
        disabled={disabled}
      />
      <div style={{ display: 'flex', gap: 8 }}>
        <Button onClick={() => void pay()} loading={payment.preparing}>
          Pay
        </Button>
        <Button variant="secondary" onClick={payment.forgetCard}>
          Refused
        </Button>
      </div>
      <output aria-label="Paid with">{paid.join(', ')}</output>
      <output aria-label="Payment error">{error}</output>
    </div>
  );
}
