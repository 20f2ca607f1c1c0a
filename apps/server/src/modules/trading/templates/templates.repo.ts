/** Every query of the smart trade templates and their five parameters (2-trading §3 "Trade template"). */
import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { PercentageType, TemplateBasis, TemplateEntry } from '@drat/contracts';
import type { Db } from '../../../db/client';
import { tradeTemplateParameters, tradeTemplates, users } from '../../../db/schema/index';

export interface TemplateParameterRow {
  id: number;
  entryName: TemplateEntry;
  /** numeric(7,2) text, e.g. '12.50'. */
  percentage: string;
  percentageType: PercentageType;
  basedOn: TemplateBasis;
}

export interface TemplateRow {
  id: number;
  name: string;
  /** The creator's e-mail; null once that user is gone. */
  createdBy: string | null;
  createdAt: Date;
  updatedAt: Date;
  parameters: TemplateParameterRow[];
}

/** A parameter as written: the percentage as numeric text. */
export interface TemplateParameterWrite {
  entryName: TemplateEntry;
  percentage: string;
  percentageType: PercentageType;
  basedOn: TemplateBasis;
}

export function templatesRepo(db: Db) {
  /** Templates with their parameters; all of them, or those of `ids`. Newest first. */
  async function load(ids?: number[]): Promise<TemplateRow[]> {
    const heads = await db
      .select({
        id: tradeTemplates.id,
        name: tradeTemplates.name,
        createdBy: users.email,
        createdAt: tradeTemplates.createdAt,
        updatedAt: tradeTemplates.updatedAt,
      })
      .from(tradeTemplates)
      .leftJoin(users, eq(users.id, tradeTemplates.createdBy))
      .where(ids === undefined ? undefined : inArray(tradeTemplates.id, ids))
      .orderBy(desc(tradeTemplates.createdAt), desc(tradeTemplates.id));
    if (heads.length === 0) return [];
    const params = await db
      .select()
      .from(tradeTemplateParameters)
      .where(
        inArray(
          tradeTemplateParameters.templateId,
          heads.map((h) => h.id),
        ),
      )
      .orderBy(asc(tradeTemplateParameters.id));
    return heads.map((h) => ({
      ...h,
      parameters: params
        .filter((p) => p.templateId === h.id)
        .map((p) => ({
          id: p.id,
          entryName: p.entryName as TemplateEntry,
          percentage: p.percentage,
          percentageType: p.percentageType,
          basedOn: p.basedOn as TemplateBasis,
        })),
    }));
  }

  return {
    list: () => load(),

    async byId(id: number): Promise<TemplateRow | undefined> {
      return (await load([id]))[0];
    },

    /** A new template and its parameters, in one transaction; its id. */
    async create(name: string, createdBy: number, parameters: TemplateParameterWrite[], now: Date): Promise<number> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(tradeTemplates)
          .values({ name, createdBy, createdAt: now, updatedAt: now })
          .returning({ id: tradeTemplates.id });
        const id = row!.id;
        await tx.insert(tradeTemplateParameters).values(parameters.map((p) => ({ ...p, templateId: id })));
        return id;
      });
    },

    /**
     * Replaces the name and the parameters, each matched by its entry (it keeps its id); false when
     * there is no such template.
     */
    async update(id: number, name: string, parameters: TemplateParameterWrite[], now: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(tradeTemplates)
          .set({ name, updatedAt: now })
          .where(eq(tradeTemplates.id, id))
          .returning({ id: tradeTemplates.id });
        if (!row) return false;
        for (const p of parameters) {
          await tx
            .insert(tradeTemplateParameters)
            .values({ ...p, templateId: id })
            .onConflictDoUpdate({
              target: [tradeTemplateParameters.templateId, tradeTemplateParameters.entryName],
              set: { percentage: p.percentage, percentageType: p.percentageType, basedOn: p.basedOn },
            });
        }
        return true;
      });
    },

    /** Deletes the template (its parameters go with it); false when there was none. */
    async remove(id: number): Promise<boolean> {
      const { rowCount } = await db.delete(tradeTemplates).where(eq(tradeTemplates.id, id));
      return (rowCount ?? 0) > 0;
    },
  };
}
export type TemplatesRepo = ReturnType<typeof templatesRepo>;
