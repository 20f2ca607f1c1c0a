import type { ContactResponse } from '@drat/contracts';
import { api } from './client';

/** GET /api/contact: the support address (public). */
export const fetchContact = () => api.get<ContactResponse>('/contact');
