import type {
  MessageReply,
  ResourceAccessLevel,
  ResourceCreatedResponse,
  ResourceCreateFields,
  ResourceDto,
  ResourcesResponse,
} from '@drat/contracts';
import { api } from './client';

/**
 * The resources library (1-core §7 "Tools and resources", 3-bots-admin-public §7): one function per
 * endpoint, with the answer types of RESOURCES_API in packages/contracts.
 */

/** GET /resources: documents, videos and sheets the user's plans give. */
export const fetchResources = () => api.get<ResourcesResponse>('/resources');

/** GET /resources/alert-type/{id}: the resources of one alert type. */
export const fetchAlertTypeResources = (alertTypeId: number) =>
  api.get<ResourcesResponse>(`/resources/alert-type/${alertTypeId}`);

/** GET /resources/open/{id}: the resource with fresh links to its files (the ones held expire). */
export const openResource = (id: number) => api.get<ResourceDto>(`/resources/open/${id}`);

/** DELETE /resources/{id} (super users). */
export const deleteResource = (id: number) => api.delete<MessageReply>(`/resources/${id}`);

/**
 * What the create form gives: the text fields of the contracts' resourceCreateFields (access_level
 * always chosen, alert_types only for that level) and the files, which the server checks from their bytes.
 */
export type ResourceCreateInput = Omit<ResourceCreateFields, 'access_level' | 'alert_types'> & {
  access_level: ResourceAccessLevel;
  alert_types?: number[];
  file?: File;
  thumbnail?: File;
};

/** POST /resources/create/ (super users, multipart): text fields first, alert_types repeated, then the files. */
export function createResource(input: ResourceCreateInput) {
  const form = new FormData();
  const text = (name: string, value: string | undefined) => {
    if (value !== undefined && value.trim() !== '') form.append(name, value.trim());
  };
  text('name', input.name);
  text('type', input.type);
  text('access_level', input.access_level);
  if (input.access_level === 'category') text('access', input.access);
  else for (const id of input.alert_types ?? []) form.append('alert_types', String(id));
  text('video_time_duration', input.video_time_duration);
  text('description', input.description);
  text('link', input.link);
  if (input.file) form.append('file', input.file);
  if (input.thumbnail) form.append('thumbnail', input.thumbnail);
  return api.upload<ResourceCreatedResponse>('/resources/create/', form);
}
