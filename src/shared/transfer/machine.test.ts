import { allowedMoves, judge, partiesOf, PARTIES, type OrderState } from './machine';

const everything = () => true;
const state = (declareStatus: number, dispatchStatus: number, signStatus: number): OrderState => ({ declareStatus, dispatchStatus, signStatus });

describe('the transfer order state machine', () => {
  it('a user linked to no enterprise acts for all three parties; a linked user for the parties its enterprises fill', () => {
    const order = { producerId: 1, transporterId: 2, receiverId: 3 };
    expect(partiesOf(order, null)).toEqual(PARTIES);
    expect(partiesOf(order, [2, 3])).toEqual(['transporter', 'receiver']);
    expect(partiesOf({ producerId: 5, transporterId: 5, receiverId: 6 }, [5])).toEqual(['producer', 'transporter']);
    expect(partiesOf(order, [9])).toEqual([]);
  });

  it('offers each party only its moves of the moment', () => {
    const moves = (s: OrderState, party: (typeof PARTIES)[number]) => allowedMoves(s, [party], everything).map((m) => m.action).sort();
    expect(moves(state(0, 0, 0), 'producer')).toEqual(['delete', 'edit', 'sign', 'void']);
    expect(moves(state(0, 0, 0), 'receiver')).toEqual([]);
    expect(moves(state(0, 1, 0), 'receiver')).toEqual(['agree', 'return', 'sign']);
    expect(moves(state(0, 1, 2), 'producer')).toEqual(['edit', 'resubmit', 'sign', 'void']);
    expect(moves(state(1, 1, 1), 'producer')).toEqual([]);
  });

  it('says why a move is refused: not now, or not by this party', () => {
    expect(judge('agree', state(0, 0, 0), ['receiver'], everything)).toEqual({ ok: false, reason: 'state', parties: [] });
    expect(judge('agree', state(0, 1, 0), ['producer'], everything)).toEqual({ ok: false, reason: 'party', parties: ['receiver'] });
    expect(judge('sign', state(0, 1, 0), PARTIES, everything, 'transporter')).toMatchObject({ ok: true, transition: { party: 'transporter' } });
  });

  it('needs the party\'s permission as well: a receiver without the reception permission cannot agree', () => {
    const onlyApply = (p: string) => p === 'Pages.TransferApplication';
    expect(judge('agree', state(0, 1, 0), ['receiver'], onlyApply)).toMatchObject({ ok: false, reason: 'party' });
    expect(judge('dispatch', state(0, 0, 0), ['transporter'], onlyApply)).toMatchObject({ ok: true });
  });
});
