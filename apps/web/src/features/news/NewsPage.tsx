import { useEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Alert, Button, Card, Empty, Grid, Skeleton, Tabs, Tag, Tooltip, Typography, theme } from 'antd';
import { BulbOutlined, ReadOutlined } from '@ant-design/icons';
import { NEWS_TABS, type NewsCategory, type NewsItem, type RelatedNews } from '@drat/contracts';
import { formatDateTime } from '../../lib/format';
import { can } from '../../app/access';
import { useSession } from '../../app/session';
import { isForbidden, linkKind, newsErrorMessage, relatedCards, splitContent, timeAgo } from './format';
import { useNewsFeed } from './queries';
import styles from './news.module.css';

const TAB_KEYS = new Set<string>(NEWS_TABS.map((t) => t.key));
const isCategory = (v: string | null): v is NewsCategory => v !== null && TAB_KEYS.has(v);

/** The time of the last render, moved on every minute while the page is open ('Just now' becomes '1 min ago'). */
function useNow(everyMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** Colours of the page from the theme, as CSS variables for news.module.css. */
function useNewsStyle(): CSSProperties {
  const { token } = theme.useToken();
  return {
    '--news-border': token.colorBorderSecondary,
    '--news-hover': token.colorFillQuaternary,
    '--news-selected': token.colorPrimaryBg,
    '--news-accent': token.colorPrimary,
    '--news-text': token.colorText,
    '--news-muted': token.colorTextSecondary,
    '--news-warning': token.colorWarning,
    '--news-link': token.colorLink,
    '--news-card': token.colorBgContainer,
    '--news-shadow': token.boxShadowTertiary,
  } as CSSProperties;
}

/**
 * What a link of an article leads to for this person: the simulated market's links to the Tools
 * are no links for someone without the tools (1-core §2 would send them away).
 */
function useLinkKind(): (url: string) => ReturnType<typeof linkKind> {
  const session = useSession();
  return (url) => {
    const kind = linkKind(url);
    if (kind === 'app' && url.trim().startsWith('/tools') && !(session && can.tools(session))) return null;
    return kind;
  };
}

/**
 * A link of an article: the product's own pages ('/tools?…', the simulated market's) through the
 * router, an outside address in a new tab; anything else is plain text.
 */
function NewsLink({ url, className, children }: { url: string; className?: string; children: ReactNode }) {
  const kind = useLinkKind()(url);
  const style = { color: 'var(--news-link)' };
  if (kind === 'app')
    return (
      <Link to={url.trim()} className={className} style={style}>
        {children}
      </Link>
    );
  if (kind === 'web')
    return (
      <a href={url.trim()} target="_blank" rel="noopener noreferrer" className={className} style={style}>
        {children}
      </a>
    );
  return <span className={className}>{children}</span>;
}

/** A time as '5 min ago', the exact date and time on hover. */
function When({ iso, now, className }: { iso: string; now: number; className?: string }) {
  const text = timeAgo(iso, now);
  if (!text) return null;
  return (
    <Tooltip title={formatDateTime(iso)}>
      <time dateTime={iso} className={className}>
        {text}
      </time>
    </Tooltip>
  );
}

function NewsRow({
  item,
  selected,
  now,
  onSelect,
}: {
  item: NewsItem;
  selected: boolean;
  now: number;
  onSelect: () => void;
}) {
  const { headline, summary } = splitContent(item.content);
  const readable = useLinkKind();
  return (
    <li
      className={`${styles.item} ${selected ? styles.selected : ''}`}
      aria-current={selected || undefined}
      onClick={onSelect}
    >
      <div className={styles.top}>
        <span>{item.ticker !== '' && <Tag color="blue">{item.ticker}</Tag>}</span>
        <When iso={item.created_date} now={now} className={styles.time} />
      </div>
      {/* A button, so the keyboard selects the item too: its click reaches the row's. */}
      <button type="button" className={styles.headline}>
        {headline}
      </button>
      {summary !== '' && <p className={styles.summary}>{summary}</p>}
      {item.advice !== '' && (
        <div className={styles.advice}>
          <BulbOutlined className={styles.adviceIcon} aria-hidden />
          <span>{item.advice}</span>
        </div>
      )}
      {readable(item.news_url) && (
        <div>
          <NewsLink url={item.news_url}>
            <ReadOutlined aria-hidden /> Read
          </NewsLink>
        </div>
      )}
    </li>
  );
}

function RelatedCard({ article, now }: { article: RelatedNews; now: number }) {
  const [broken, setBroken] = useState(false);
  const picture = article.image_url.trim();
  return (
    <article className={styles.card}>
      {picture !== '' && !broken && (
        <img
          className={styles.picture}
          src={picture}
          alt=""
          loading="lazy"
          referrerPolicy="no-referrer"
          onError={() => setBroken(true)}
        />
      )}
      <div className={styles.cardBody}>
        <NewsLink url={article.news_url} className={styles.cardTitle}>
          {article.title_news || 'Read the article'}
        </NewsLink>
        <div className={styles.cardMeta}>
          <span>{article.text_news_url}</span>
          <When iso={article.date_news_field} now={now} />
        </div>
      </div>
    </article>
  );
}

/** Right panel: the selected headline's related articles (its own article when it has none). */
function RelatedPanel({ item, now }: { item: NewsItem | undefined; now: number }) {
  const cards = relatedCards(item);
  const own = !!item && item.related.length === 0;
  const about = item ? splitContent(item.content).headline : '';
  return (
    <Card title="Related News" size="small" styles={{ body: { padding: 12 } }}>
      {item && cards.length > 0 && (
        <Typography.Text className={styles.about}>
          {own
            ? `No other articles${item.ticker ? ` about ${item.ticker}` : ''} yet.`
            : `${item.ticker ? `${item.ticker}: ` : ''}${about}`}
        </Typography.Text>
      )}
      {cards.length > 0 ? (
        <div className={styles.cards}>
          {cards.map((article, i) => (
            <RelatedCard key={`${article.news_url}-${i}`} article={article} now={now} />
          ))}
        </div>
      ) : (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={item ? 'No related news for this headline.' : 'Related articles show here beside headlines.'}
        />
      )}
    </Card>
  );
}

function FeedSkeleton() {
  return (
    <div className={styles.layout}>
      <Card title="Recent News" size="small">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
      <Card title="Related News" size="small">
        <Skeleton active paragraph={{ rows: 4 }} />
      </Card>
    </div>
  );
}

/** One tab: 'Recent News' with See More on the left, 'Related News' of the selected headline on the right. */
function NewsFeed({ category }: { category: NewsCategory }) {
  const feed = useNewsFeed(category);
  const now = useNow();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const relatedRef = useRef<HTMLElement>(null);

  if (feed.isPending) return <FeedSkeleton />;
  if (feed.isError && !feed.data) {
    const forbidden = isForbidden(feed.error);
    return (
      <Alert
        type={forbidden ? 'warning' : 'error'}
        showIcon
        title={newsErrorMessage(feed.error)}
        action={
          forbidden ? undefined : (
            <Button size="small" onClick={() => void feed.refetch()}>
              Try again
            </Button>
          )
        }
      />
    );
  }

  const items = feed.items;
  const selected = items.find((i) => i.id === selectedId) ?? items[0];
  const select = (id: string) => {
    setSelectedId(id);
    // Below the list (a narrow screen), the panel is brought into view when it is out of sight.
    const panel = relatedRef.current;
    if (panel && panel.getBoundingClientRect().top > window.innerHeight)
      panel.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    <div className={styles.layout}>
      <section aria-label="Recent News">
        <Card title="Recent News" size="small" styles={{ body: { padding: 0 } }}>
          {items.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No news in this category right now." />
          ) : (
            <ul className={styles.list} role="list" aria-label="Recent News">
              {items.map((item) => (
                <NewsRow
                  key={item.id}
                  item={item}
                  now={now}
                  selected={item.id === selected?.id}
                  onSelect={() => select(item.id)}
                />
              ))}
            </ul>
          )}
          {feed.canLoadMore && (
            <div className={styles.more}>
              <Button block loading={feed.isFetchingNextPage} onClick={() => void feed.fetchNextPage()}>
                See More
              </Button>
            </div>
          )}
        </Card>
      </section>
      <section aria-label="Related News" className={styles.related} ref={relatedRef}>
        <RelatedPanel item={selected} now={now} />
      </section>
    </div>
  );
}

/**
 * News (2-trading §2.8): a tab per category (the open one in the address, ?tab=), each with its
 * 'Recent News' list and the selected headline's 'Related News'. A category the user's plans do not
 * give says so in the tab (§8).
 */
export function NewsPage() {
  const { token } = theme.useToken();
  const vars = useNewsStyle();
  const narrow = Grid.useBreakpoint().sm === false;
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const active: NewsCategory = isCategory(asked) ? asked : 'hot-news';

  return (
    <div className={styles.page} style={{ ...vars, maxWidth: 1280, margin: '0 auto', width: '100%' }}>
      <Typography.Text type="secondary" style={{ display: 'block', marginBottom: token.marginXS }}>
        Market headlines by category. Pick a headline to see related news.
      </Typography.Text>
      <Tabs
        activeKey={active}
        onChange={(key) => setParams({ tab: key }, { replace: true })}
        size={narrow ? 'middle' : 'large'}
        tabBarGutter={narrow ? token.marginMD : undefined}
        items={NEWS_TABS.map((tab) => ({
          key: tab.key,
          label: tab.label,
          children: tab.key === active ? <NewsFeed key={tab.key} category={tab.key} /> : null,
        }))}
      />
    </div>
  );
}
