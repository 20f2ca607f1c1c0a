import { useQuery } from '@tanstack/react-query';
import { fetchContact } from '../../api/system';

/** The renewal page's server data: where to write to renew (read once a visit). */
export const contactKeys = {
  all: ['contact'] as const,
};

export const useContact = () => useQuery({ queryKey: contactKeys.all, queryFn: fetchContact, staleTime: Infinity });
