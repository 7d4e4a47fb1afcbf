import {
  HandshakeErrors,
  MessageType,
  ProtocolError,
  RECORD_SEPARATOR,
  handshakeResponse,
  parseFrame,
  parseHandshake,
  parseMessage,
  serializeMessage,
  splitRecords,
  type InvocationMessage,
} from './protocol';

const RS = RECORD_SEPARATOR;

describe('framing', () => {
  it('uses 0x1E as the record separator', () => {
    expect(RS.charCodeAt(0)).toBe(0x1e);
  });

  it('parses several messages carried in one frame, in order', () => {
    const frame =
      '{"type":6}' + RS +
      '{"type":1,"invocationId":"0","target":"Send","arguments":["a",1]}' + RS +
      '{"type":1,"target":"Notify","arguments":[]}' + RS +
      '{"type":7}' + RS;
    expect(parseFrame(frame)).toEqual([
      { type: 6 },
      { type: 1, invocationId: '0', target: 'Send', arguments: ['a', 1] },
      { type: 1, target: 'Notify', arguments: [] },
      { type: 7 },
    ]);
  });

  it('keeps a separator-looking character inside a JSON string escaped, not split', () => {
    const message: InvocationMessage = { type: MessageType.Invocation, target: 'T', arguments: ['a\u001eb'] };
    const frame = serializeMessage(message);
    // JSON.stringify escapes control characters, so the only raw 0x1E is the terminator.
    expect(frame.indexOf(RS)).toBe(frame.length - 1);
    expect(parseFrame(frame)).toEqual([message]);
  });

  it('rejects a frame that does not end with the separator', () => {
    expect(() => splitRecords('{"type":6}')).toThrow(ProtocolError);
    expect(() => parseFrame('{"type":6}' + RS + '{"type":6}')).toThrow(ProtocolError);
  });

  it('treats an empty frame as no messages', () => {
    expect(parseFrame('')).toEqual([]);
  });

  it('serialises exactly one record ending in the separator', () => {
    expect(serializeMessage({ type: MessageType.Ping })).toBe('{"type":6}' + RS);
    expect(serializeMessage({ type: MessageType.Completion, invocationId: '3', result: 42 })).toBe(
      '{"type":3,"invocationId":"3","result":42}' + RS,
    );
  });
});

describe('parseMessage', () => {
  it('keeps invocationId absent for fire-and-forget invocations', () => {
    const message = parseMessage('{"type":1,"target":"Send","arguments":[]}');
    expect(message).toEqual({ type: 1, target: 'Send', arguments: [] });
    expect(message && 'invocationId' in message).toBe(false);
  });

  it('ignores unknown message types instead of failing', () => {
    expect(parseMessage('{"type":99,"whatever":true}')).toBeNull();
    expect(parseFrame('{"type":99}' + RS + '{"type":6}' + RS)).toEqual([{ type: 6 }]);
  });

  it.each([
    ['not JSON', 'nope'],
    ['not an object', '[1,2]'],
    ['no type', '{"target":"x"}'],
    ['invocation without target', '{"type":1,"arguments":[]}'],
    ['arguments not an array', '{"type":1,"target":"x","arguments":"a"}'],
    ['numeric invocationId', '{"type":1,"target":"x","arguments":[],"invocationId":5}'],
  ])('rejects %s', (_label, json) => {
    expect(() => parseMessage(json)).toThrow(ProtocolError);
  });

  it('keeps result null distinct from no result in completions', () => {
    expect(parseMessage('{"type":3,"invocationId":"1","result":null}')).toEqual({ type: 3, invocationId: '1', result: null });
    expect(parseMessage('{"type":3,"invocationId":"1"}')).toEqual({ type: 3, invocationId: '1' });
  });
});

describe('handshake', () => {
  it('accepts json version 1 and returns what follows the handshake', () => {
    expect(parseHandshake('{"protocol":"json","version":1}' + RS)).toEqual({ status: 'accepted', rest: '' });
    expect(parseHandshake('{"protocol":"json","version":1}' + RS + '{"type":6}' + RS)).toEqual({
      status: 'accepted',
      rest: '{"type":6}' + RS,
    });
  });

  it('waits for the separator before deciding', () => {
    expect(parseHandshake('{"protocol":"json",')).toEqual({ status: 'incomplete' });
  });

  it('rejects other protocols with the ASP.NET Core wording', () => {
    expect(parseHandshake('{"protocol":"messagepack","version":1}' + RS)).toEqual({
      status: 'rejected',
      error: "The protocol 'messagepack' is not supported.",
    });
  });

  it('rejects other versions with the ASP.NET Core wording', () => {
    expect(parseHandshake('{"protocol":"json","version":2}' + RS)).toEqual({
      status: 'rejected',
      error: "The server does not support version 2 of the 'json' protocol.",
    });
  });

  it.each(['garbage', '{"protocol":"json"}', '{"version":1}', '[]'])('rejects malformed request %s', (body) => {
    expect(parseHandshake(body + RS)).toEqual({ status: 'rejected', error: HandshakeErrors.malformed });
  });

  it('formats success and failure responses', () => {
    expect(handshakeResponse()).toBe('{}' + RS);
    expect(handshakeResponse('boom')).toBe('{"error":"boom"}' + RS);
  });
});
