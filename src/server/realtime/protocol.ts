// SignalR JSON hub protocol: message shapes, 0x1E record framing and the
// handshake. Pure functions only, so the wire format can be tested without sockets.
import { isRecord } from '../../shared/json';

/** Every JSON hub message is terminated by this record separator. */
export const RECORD_SEPARATOR = '\x1e';

export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
  Ack: 8,
  Sequence: 9,
} as const;

export interface InvocationMessage {
  type: typeof MessageType.Invocation;
  /** Absent for fire-and-forget (`send`) and for server-to-client events. */
  invocationId?: string;
  target: string;
  arguments: unknown[];
  streamIds?: string[];
  headers?: Record<string, string>;
}

interface StreamItemMessage {
  type: typeof MessageType.StreamItem;
  invocationId: string;
  item: unknown;
}

export interface CompletionMessage {
  type: typeof MessageType.Completion;
  invocationId: string;
  result?: unknown;
  error?: string;
}

interface StreamInvocationMessage {
  type: typeof MessageType.StreamInvocation;
  invocationId: string;
  target: string;
  arguments: unknown[];
  streamIds?: string[];
}

interface CancelInvocationMessage {
  type: typeof MessageType.CancelInvocation;
  invocationId: string;
}

interface PingMessage {
  type: typeof MessageType.Ping;
}

interface CloseMessage {
  type: typeof MessageType.Close;
  error?: string;
  allowReconnect?: boolean;
}

export type HubMessage =
  | InvocationMessage
  | StreamItemMessage
  | CompletionMessage
  | StreamInvocationMessage
  | CancelInvocationMessage
  | PingMessage
  | CloseMessage;

/** A frame or message that does not follow the protocol; the connection should be closed. */
export class ProtocolError extends Error {
  override name = 'ProtocolError';
}

/**
 * Splits a transport frame into the raw JSON texts it carries.
 * The client never splits a message across frames, so a frame that does not end
 * with the separator is malformed rather than "to be continued".
 */
export function splitRecords(frame: string): string[] {
  if (frame.length === 0) return [];
  if (!frame.endsWith(RECORD_SEPARATOR)) {
    throw new ProtocolError('Message is incomplete.');
  }
  return frame
    .slice(0, -1)
    .split(RECORD_SEPARATOR)
    .filter((record) => record.length > 0);
}

function frameRecord(json: string): string {
  return json + RECORD_SEPARATOR;
}

/** Serialises one message into a complete frame. */
export function serializeMessage(message: HubMessage): string {
  return frameRecord(JSON.stringify(message));
}

function requireString(obj: Record<string, unknown>, key: string): string {
  const value = obj[key];
  if (typeof value !== 'string') throw new ProtocolError(`Missing required property '${key}'.`);
  return value;
}

function optionalString(obj: Record<string, unknown>, key: string): string | undefined {
  const value = obj[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new ProtocolError(`Expected '${key}' to be of type String.`);
  return value;
}

function requireArguments(obj: Record<string, unknown>): unknown[] {
  const value = obj.arguments;
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new ProtocolError(`Expected 'arguments' to be of type Array.`);
  return value;
}

function optionalStringArray(obj: Record<string, unknown>, key: string): string[] | undefined {
  const value = obj[key];
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || !value.every((v): v is string => typeof v === 'string')) {
    throw new ProtocolError(`Expected '${key}' to be an array of strings.`);
  }
  return value;
}

/**
 * Parses one JSON record. Returns null for message types this server does not
 * know (newer protocol additions), which the protocol says to ignore.
 */
export function parseMessage(json: string): HubMessage | null {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw new ProtocolError('Message is not valid JSON.');
  }
  if (!isRecord(raw)) throw new ProtocolError('Message is not a JSON object.');
  const type = raw.type;
  if (typeof type !== 'number') throw new ProtocolError(`Missing required property 'type'.`);

  switch (type) {
    case MessageType.Invocation: {
      const message: InvocationMessage = {
        type,
        target: requireString(raw, 'target'),
        arguments: requireArguments(raw),
      };
      const invocationId = optionalString(raw, 'invocationId');
      if (invocationId !== undefined) message.invocationId = invocationId;
      const streamIds = optionalStringArray(raw, 'streamIds');
      if (streamIds !== undefined) message.streamIds = streamIds;
      return message;
    }
    case MessageType.StreamInvocation: {
      const message: StreamInvocationMessage = {
        type,
        invocationId: requireString(raw, 'invocationId'),
        target: requireString(raw, 'target'),
        arguments: requireArguments(raw),
      };
      const streamIds = optionalStringArray(raw, 'streamIds');
      if (streamIds !== undefined) message.streamIds = streamIds;
      return message;
    }
    case MessageType.StreamItem:
      return { type, invocationId: requireString(raw, 'invocationId'), item: raw.item };
    case MessageType.Completion: {
      const message: CompletionMessage = { type, invocationId: requireString(raw, 'invocationId') };
      const error = optionalString(raw, 'error');
      if (error !== undefined) message.error = error;
      else if ('result' in raw) message.result = raw.result;
      return message;
    }
    case MessageType.CancelInvocation:
      return { type, invocationId: requireString(raw, 'invocationId') };
    case MessageType.Ping:
      return { type };
    case MessageType.Close: {
      const message: CloseMessage = { type };
      const error = optionalString(raw, 'error');
      if (error !== undefined) message.error = error;
      if (raw.allowReconnect === true) message.allowReconnect = true;
      return message;
    }
    default:
      return null;
  }
}

/** Parses a whole frame; unknown message types are dropped. */
export function parseFrame(frame: string): HubMessage[] {
  const messages: HubMessage[] = [];
  for (const record of splitRecords(frame)) {
    const message = parseMessage(record);
    if (message) messages.push(message);
  }
  return messages;
}

// ---------------------------------------------------------------- handshake

const SUPPORTED_PROTOCOL = 'json';
const SUPPORTED_VERSION = 1;

export const HandshakeErrors = {
  unsupportedProtocol: (protocol: string) => `The protocol '${protocol}' is not supported.`,
  unsupportedVersion: (version: number) =>
    `The server does not support version ${version} of the '${SUPPORTED_PROTOCOL}' protocol.`,
  malformed: 'An unexpected error occurred during connection handshake.',
  timedOut: 'Handshake was canceled.',
} as const;

type HandshakeResult =
  | { status: 'incomplete' }
  | { status: 'accepted'; rest: string }
  | { status: 'rejected'; error: string };

/**
 * Reads the handshake request from the start of `buffered`. Anything after the
 * first separator belongs to the hub protocol and is returned as `rest`, since a
 * client may put the handshake and its first messages in one frame.
 */
export function parseHandshake(buffered: string): HandshakeResult {
  const end = buffered.indexOf(RECORD_SEPARATOR);
  if (end < 0) return { status: 'incomplete' };
  const rest = buffered.slice(end + 1);

  let raw: unknown;
  try {
    raw = JSON.parse(buffered.slice(0, end));
  } catch {
    return { status: 'rejected', error: HandshakeErrors.malformed };
  }
  if (!isRecord(raw) || typeof raw.protocol !== 'string' || typeof raw.version !== 'number') {
    return { status: 'rejected', error: HandshakeErrors.malformed };
  }
  if (raw.protocol !== SUPPORTED_PROTOCOL) {
    return { status: 'rejected', error: HandshakeErrors.unsupportedProtocol(raw.protocol) };
  }
  // Version 2 is only valid with stateful reconnect, which this server never negotiates.
  if (raw.version !== SUPPORTED_VERSION) {
    return { status: 'rejected', error: HandshakeErrors.unsupportedVersion(raw.version) };
  }
  return { status: 'accepted', rest };
}

export function handshakeResponse(error?: string): string {
  return frameRecord(JSON.stringify(error === undefined ? {} : { error }));
}
