import { describe, expect, it } from 'vitest';
import { initialPhoneConfirm, phoneConfirmReducer, type PhoneConfirmEvent } from './phone-confirm-reducer';

const run = (events: PhoneConfirmEvent[]) => events.reduce(phoneConfirmReducer, initialPhoneConfirm);

describe('the phone confirmation flow', () => {
  it('goes from the form to the code field once a code is sent, then to confirmed', () => {
    expect(run([{ type: 'request' }])).toEqual({ step: 'form', requesting: true, error: undefined });
    const sent = run([{ type: 'request' }, { type: 'sent', phone: '+15550100199', resent: false, at: 1 }]);
    expect(sent).toMatchObject({ step: 'code', phone: '+15550100199', resent: false });
    expect(phoneConfirmReducer(phoneConfirmReducer(sent, { type: 'submit' }), { type: 'verified', phone: '+15550100199' })).toEqual({ step: 'confirmed', phone: '+15550100199' });
  });

  it('a refused code returns to the code field with the error; a failed request keeps the form', () => {
    const refused = run([{ type: 'sent', phone: '+1555', resent: false, at: 1 }, { type: 'submit' }, { type: 'verifyFailed', error: 'wrong' }]);
    expect(refused).toMatchObject({ step: 'code', submitting: false, error: 'wrong' });
    expect(run([{ type: 'request' }, { type: 'requestFailed', error: 'bad number' }])).toEqual({ step: 'form', requesting: false, error: 'bad number' });
  });

  it('a code sent again says so; another number starts over', () => {
    const again = run([{ type: 'sent', phone: '+1555', resent: false, at: 1 }, { type: 'request' }, { type: 'sent', phone: '+1555', resent: true, at: 2 }]);
    expect(again).toMatchObject({ step: 'code', resent: true, sentAt: 2 });
    expect(phoneConfirmReducer(again, { type: 'change' })).toEqual(initialPhoneConfirm);
  });
});
