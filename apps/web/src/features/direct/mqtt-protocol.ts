/** What the page and the MQTT worker (mqtt-worker.ts) tell each other. */
export type ToWorker =
  | { type: 'connect'; url: string }
  | { type: 'subscribe'; topics: string[]; qos: 0 | 1 }
  | { type: 'unsubscribe'; topics: string[] }
  | { type: 'publish'; topic: string; message: string; qos: 0 | 1 };

export type FromWorker =
  | { type: 'connect' }
  | { type: 'close' }
  | { type: 'message'; topic: string; payload: string }
  | { type: 'error'; message: string };
