import { useQuery } from '@tanstack/react-query';
import { fetchRenewal } from '../../api/payments';
import { fetchContact } from '../../api/system';

/** The renewal page's server data: where to write to renew, and the plans the account had. */
export const contactKeys = {
  all: ['contact'] as const,
};
export const renewalKeys = {
  of: (r: string | null) => ['renewal', r ?? 'session'] as const,
};

export const useContact = () => useQuery({ queryKey: contactKeys.all, queryFn: fetchContact, staleTime: Infinity });

/** The plans to renew: the signed-in account's, or the one the renewal link (`r`) names. */
export const useRenewal = (r: string | null, enabled: boolean) =>
  useQuery({ queryKey: renewalKeys.of(r), queryFn: () => fetchRenewal(r), enabled, retry: false });
