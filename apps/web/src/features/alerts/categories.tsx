import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button, Flex, Tabs } from 'antd';
import { ALERT_CATEGORIES, type AlertCategory, type AlertTypeRight, type SessionData } from '@drat/contracts';
import { useSession } from '../../app/session';

/** The user's categories in the fixed tab order (1-core §2, §9), optionally limited to `only`. */
export function categoriesOf(session: SessionData, only?: readonly AlertCategory[]): AlertCategory[] {
  return ALERT_CATEGORIES.filter((c) => session.alert_categories.includes(c) && (!only || only.includes(c)));
}

export const typesOf = (session: SessionData, category: AlertCategory | undefined): AlertTypeRight[] =>
  session.alert_types.filter((t) => t.category === category);

export interface CategoryType {
  categories: AlertCategory[];
  category: AlertCategory | undefined;
  types: AlertTypeRight[];
  type: AlertTypeRight | undefined;
  setCategory: (c: AlertCategory) => void;
  setType: (name: string) => void;
}

/**
 * The active category tab and alert type, kept in the address (?category=&type=) so a reload or a
 * shared link opens the same list. Unknown or forbidden values fall back to the first allowed ones.
 */
export function useCategoryType(only?: readonly AlertCategory[]): CategoryType {
  const session = useSession()!;
  const [params, setParams] = useSearchParams();
  const categories = categoriesOf(session, only);
  const wanted = params.get('category');
  const category = categories.find((c) => c === wanted) ?? categories[0];
  const types = typesOf(session, category);
  const type = types.find((t) => t.name === params.get('type')) ?? types[0];

  const setCategory = useCallback(
    (c: AlertCategory) =>
      setParams(
        (p) => {
          p.set('category', c);
          p.delete('type');
          return p;
        },
        { replace: true },
      ),
    [setParams],
  );
  const setType = useCallback(
    (name: string) =>
      setParams(
        (p) => {
          p.set('type', name);
          return p;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { categories, category, types, type, setCategory, setType };
}

export function CategoryTabs({ state }: { state: CategoryType }) {
  return (
    <Tabs
      activeKey={state.category}
      onChange={(k) => state.setCategory(k as AlertCategory)}
      items={state.categories.map((c) => ({ key: c, label: c }))}
      style={{ marginBottom: 0 }}
    />
  );
}

/** Alert-type pills under the tabs. */
export function TypePills({ state }: { state: CategoryType }) {
  return (
    <Flex wrap gap={8} role="group" aria-label="Alert types">
      {state.types.map((t) => (
        <Button
          key={t.id}
          shape="round"
          size="small"
          type={t.name === state.type?.name ? 'primary' : 'default'}
          aria-pressed={t.name === state.type?.name}
          onClick={() => state.setType(t.name)}
        >
          {t.name}
        </Button>
      ))}
    </Flex>
  );
}
