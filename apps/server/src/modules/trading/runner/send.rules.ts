import type { ProviderError } from '../../../providers/provider-error';

/**
 * Whether a failed send may still have reached the broker, so that the order is looked for by its
 * tag before anything is sent again: no answer or one that may pass (a timeout, an outage, a rate
 * limit), or an answer that is not what the broker documents (BAD_RESPONSE: it may have taken the
 * order and answered oddly). A refusal (BAD_REQUEST, credentials) is a clear no.
 */
export const mayHaveArrived = (err: ProviderError): boolean => err.retryable || err.code === 'BAD_RESPONSE';
