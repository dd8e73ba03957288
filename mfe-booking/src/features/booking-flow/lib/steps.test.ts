import { enabledSteps, intendsPitch, neighbourStep, stepOfField, stepPath } from './steps';

const allOn = {
  pitch: true,
  'miniview-questions': true,
  questions: true,
  upsells: true,
  payment: true,
};

describe('enabledSteps', () => {
  it('lists every guest-side step in the spec order when all are on and I have two shows', () => {
    expect(enabledSteps('guest', allOn, { bookerChoices: 2, isPitch: false })).toEqual([
      'base',
      'options',
      'dates',
      'pitch',
      'miniview-questions',
      'questions',
      'upsells',
      'payment',
    ]);
  });

  it('leaves out what the profile switched off and the choose step with one show', () => {
    expect(
      enabledSteps(
        'guest',
        { ...allOn, pitch: false, upsells: false, 'miniview-questions': false },
        { bookerChoices: 1, isPitch: false },
      ),
    ).toEqual(['options', 'dates', 'questions', 'payment']);
  });

  it('has no dates or MINIVIEW step on the show side, and pitch and payment on by default', () => {
    expect(enabledSteps('show', undefined, { bookerChoices: 1, isPitch: false })).toEqual([
      'options',
      'pitch',
      'payment',
    ]);
  });

  it('keeps the pitch step in a pitch even when the profile turned it off, without option or dates', () => {
    expect(
      enabledSteps('guest', { ...allOn, pitch: false }, { bookerChoices: 1, isPitch: true }),
    ).toEqual(['pitch', 'miniview-questions', 'questions', 'upsells', 'payment']);
  });
});

describe('neighbourStep', () => {
  const steps = enabledSteps(
    'guest',
    { ...allOn, pitch: false, upsells: false },
    {
      bookerChoices: 1,
      isPitch: false,
    },
  );

  it('moves only among enabled steps', () => {
    expect(neighbourStep('guest', steps, 'dates', 1)).toBe('miniview-questions');
    expect(neighbourStep('guest', steps, 'questions', 1)).toBe('payment');
    expect(neighbourStep('guest', steps, 'payment', -1)).toBe('questions');
    expect(neighbourStep('guest', steps, 'options', -1)).toBeNull();
  });

  it('sends a disabled step reached by URL on to the next enabled one', () => {
    expect(neighbourStep('guest', steps, 'base', 1)).toBe('options');
    expect(neighbourStep('guest', steps, 'upsells', 1)).toBe('payment');
  });
});

it('builds step paths and maps server fields to their step', () => {
  expect(stepPath('guest', 5, 'base')).toBe('/guests/5/book');
  expect(stepPath('show', 9, 'payment')).toBe('/shows/9/book/payment');
  expect(stepOfField('proposed_dates.1')).toBe('dates');
  expect(stepOfField('pitch.text')).toBe('pitch');
  expect(stepOfField('payment_method')).toBe('payment');
});

describe('intendsPitch: the route is the intent', () => {
  const entering = (keptIsPitch: boolean | null) => ({ keptIsPitch, flowMove: false });
  const moving = (keptIsPitch: boolean | null) => ({ keptIsPitch, flowMove: true });

  it('entering at /pitch is a pitch and at the base or options route a booking, whatever is kept', () => {
    for (const kept of [null, true, false]) {
      expect(intendsPitch('pitch', entering(kept))).toBe(true);
      expect(intendsPitch('base', entering(kept))).toBe(false);
      expect(intendsPitch('options', entering(kept))).toBe(false);
    }
  });

  it("the flow's own moves go on with the draft kept: a booking's pitch step stays a booking", () => {
    expect(intendsPitch('pitch', moving(false))).toBe(false);
    expect(intendsPitch('base', moving(true))).toBe(true);
    expect(intendsPitch('payment', moving(true))).toBe(true);
    expect(intendsPitch('payment', moving(false))).toBe(false);
  });

  it('any other step entered (a reload, a link) goes on with the draft kept; none kept, a booking', () => {
    expect(intendsPitch('payment', entering(true))).toBe(true);
    expect(intendsPitch('questions', entering(false))).toBe(false);
    expect(intendsPitch('payment', entering(null))).toBe(false);
    expect(intendsPitch('pitch', moving(null))).toBe(true);
  });
});
