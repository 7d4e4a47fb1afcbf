// react-router needs TextEncoder/TextDecoder, which jsdom does not provide.
import { TextDecoder, TextEncoder } from 'util';
Object.assign(globalThis, { TextEncoder, TextDecoder });
