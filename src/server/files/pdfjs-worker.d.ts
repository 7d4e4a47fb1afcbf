// pdf.js ships no declarations for its worker module; importing it only registers the in-thread worker.
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown;
}
