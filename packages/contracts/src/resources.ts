/** The resources library (1-core §2 Resources, §3 Resource; 3-bots-admin-public §2.9, §3, §5, §7, §8). */
import { z } from 'zod';
import { fromDecimalText, ID_MAX } from './amounts';
import { messageSchema, operation } from './operation';
import {
  RESOURCE_ACCESS,
  RESOURCE_ACCESS_LEVELS,
  RESOURCE_DESCRIPTION_MAX,
  RESOURCE_DURATION_MAX,
  RESOURCE_MSG,
  RESOURCE_NAME_MAX,
  RESOURCE_TYPES,
  type ResourceType,
} from './resource-texts';

export const resourceAlertTypeRefSchema = z.object({ id: z.number().int(), name: z.string() });
export type ResourceAlertTypeRef = z.infer<typeof resourceAlertTypeRefSchema>;

/**
 * A resource as the API returns it (1-core §3 "Resource"). `access` is set for category-level access
 * and null when the resource is given to alert types. `file_url` (documents, sheets, uploaded videos)
 * and `thumbnail_url` are links signed for the caller, living RESOURCE_LINK_SECONDS (at least): a
 * path under /media/resources/ on this server, or the storage bucket's own signed address; `link`
 * is where a video lives elsewhere.
 */
export const resourceDtoSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  created: z.string(),
  type: z.enum(RESOURCE_TYPES),
  access: z.enum(RESOURCE_ACCESS).nullable(),
  alert_types: z.array(resourceAlertTypeRefSchema),
  file_url: z.string().nullable(),
  link: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
  video_time_duration: z.string().nullable(),
  description: z.string(),
});
export type ResourceDto = z.infer<typeof resourceDtoSchema>;

/** GET /resources and GET /resources/alert-type/{id}: newest first in each list. */
export const resourcesResponseSchema = z.object({
  sheets: z.array(resourceDtoSchema),
  pdfs: z.array(resourceDtoSchema),
  videos: z.array(resourceDtoSchema),
});
export type ResourcesResponse = z.infer<typeof resourcesResponseSchema>;

/** POST /resources/create/ */
export const resourceCreatedSchema = z.object({ message: z.string(), data: resourceDtoSchema });
export type ResourceCreatedResponse = z.infer<typeof resourceCreatedSchema>;
/** DELETE /resources/{id}: `{ message }`. */
export const resourceDeletedSchema = messageSchema;

export const RESOURCE_LIST_OF: Record<ResourceType, keyof ResourcesResponse> = {
  PDF: 'pdfs',
  SHEET: 'sheets',
  VIDEO: 'videos',
};

export const resourceIdParams = z.object({ id: fromDecimalText(z.number().int().positive().max(ID_MAX)) });

const optionalText = (max: number, message: string) => z.string().trim().max(max, { error: message }).optional();

/**
 * The text fields of POST /resources/create/ (multipart; empty values arrive as absent). Files are
 * checked by the server from their bytes. Every broken rule is reported at once, under its field.
 */
export const resourceCreateFields = z
  .object({
    name: z
      .string({ error: RESOURCE_MSG.nameRequired })
      .trim()
      .min(1, { error: RESOURCE_MSG.nameRequired })
      .max(RESOURCE_NAME_MAX, { error: RESOURCE_MSG.nameTooLong }),
    type: z.enum(RESOURCE_TYPES, { error: RESOURCE_MSG.typeRequired }),
    access_level: z.enum(RESOURCE_ACCESS_LEVELS).optional(),
    access: z.enum(RESOURCE_ACCESS, { error: RESOURCE_MSG.accessRequired }).optional(),
    alert_types: z
      .array(
        fromDecimalText(
          z
            .number({ error: RESOURCE_MSG.unknownAlertType })
            .int()
            .positive({ error: RESOURCE_MSG.unknownAlertType })
            .max(ID_MAX, { error: RESOURCE_MSG.unknownAlertType }),
        ),
      )
      .default([]),
    video_time_duration: optionalText(RESOURCE_DURATION_MAX, RESOURCE_MSG.durationTooLong),
    description: optionalText(RESOURCE_DESCRIPTION_MAX, RESOURCE_MSG.descriptionTooLong),
    link: z
      .string()
      .trim()
      .refine((v) => /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(v) && URL.canParse(v), { error: RESOURCE_MSG.linkInvalid })
      .optional(),
  })
  .check(
    z.superRefine(
      (
        f: {
          type?: unknown;
          access_level?: unknown;
          access?: unknown;
          alert_types?: unknown;
          video_time_duration?: unknown;
        },
        ctx,
      ) => {
        // Runs even when other fields failed, so the form hears every rule at once.
        const types = Array.isArray(f.alert_types) ? f.alert_types : [];
        const hasAccess = typeof f.access === 'string';
        const byTypes =
          f.access_level === 'alert_type' || (f.access_level === undefined && types.length > 0 && !hasAccess);
        if (hasAccess && types.length > 0) {
          ctx.addIssue({ code: 'custom', path: ['access'], message: RESOURCE_MSG.accessAndAlertTypes });
        } else if (byTypes && types.length === 0) {
          ctx.addIssue({ code: 'custom', path: ['alert_types'], message: RESOURCE_MSG.alertTypeRequired });
        } else if (!byTypes && !hasAccess) {
          ctx.addIssue({ code: 'custom', path: ['access'], message: RESOURCE_MSG.accessRequired });
        }
        if (f.type === 'VIDEO' && !f.video_time_duration) {
          ctx.addIssue({ code: 'custom', path: ['video_time_duration'], message: RESOURCE_MSG.durationRequired });
        }
      },
      { when: ({ value }) => typeof value === 'object' && value !== null && !Array.isArray(value) },
    ),
  );
export type ResourceCreateFields = z.infer<typeof resourceCreateFields>;

/* ---- Operations ------------------------------------------------------------------------------- */

/**
 * The resources library: anyone signed in reads what their plans give; super users see every
 * resource, and alone create and delete them.
 */
export const RESOURCES_API = {
  library: operation({
    method: 'GET',
    path: '/resources',
    operationId: 'listResources',
    summary: "The documents, videos and sheets the caller's plans give, newest first",
    tag: 'resources',
    response: resourcesResponseSchema,
    errors: [401],
  }),
  forAlertType: operation({
    method: 'GET',
    path: '/resources/alert-type/:id',
    operationId: 'listAlertTypeResources',
    summary: 'The resources of one alert type (given to it or to its whole category)',
    tag: 'resources',
    params: resourceIdParams,
    response: resourcesResponseSchema,
    errors: [400, 401, 403, 404],
  }),
  remove: operation({
    method: 'DELETE',
    path: '/resources/:id',
    operationId: 'deleteResource',
    summary: 'Delete a resource and its stored files (super users)',
    tag: 'resources',
    params: resourceIdParams,
    response: resourceDeletedSchema,
    errors: [400, 401, 403, 404],
  }),
  open: operation({
    method: 'GET',
    path: '/resources/open/:id',
    operationId: 'openResource',
    summary: 'One resource the caller may see, with fresh links to its files',
    description:
      'Links to stored files expire (RESOURCE_LINK_SECONDS); the web app asks here when the list it holds is older than that. A resource the caller may not see is 404, as one that does not exist.',
    tag: 'resources',
    params: resourceIdParams,
    response: resourceDtoSchema,
    errors: [400, 401, 404],
  }),
  create: operation({
    method: 'POST',
    path: '/resources/create/',
    operationId: 'createResource',
    summary: 'Upload a new resource: its fields, file and thumbnail as multipart/form-data (super users)',
    description:
      'The text fields are those of resourceCreateFields; `file` and `thumbnail` are files, checked from their bytes. Every broken rule answers 400 under its field at once.',
    tag: 'resources',
    consumes: ['multipart/form-data'],
    response: resourceCreatedSchema,
    errors: [400, 401, 403, 413, 415, 503],
  }),
} as const;
