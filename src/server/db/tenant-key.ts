/**
 * A tenant as one number, where the host must be named too (the event log's counter, hub indexes and groups): the host
 * is 0, which no tenant id is.
 */
export const tenantKey = (tenantId: number | null): number => tenantId ?? 0;
