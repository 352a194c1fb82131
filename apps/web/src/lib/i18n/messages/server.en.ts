import { MESSAGE_TEXTS } from '@shutter/contract';

type ServerMessages = { readonly [K in keyof typeof MESSAGE_TEXTS as `message.${K}`]: (typeof MESSAGE_TEXTS)[K] };

/** What the service says by code (failures, field errors, suggestion reasons): its English texts, under `message.`. */
export const serverEn = Object.fromEntries(Object.entries(MESSAGE_TEXTS).map(([code, text]) => [`message.${code}`, text])) as ServerMessages;
