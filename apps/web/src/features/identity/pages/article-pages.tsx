import type { ArticleSlug } from '../../../api/read-article';
import { ArticleView } from '../../../components/article-view';
import { Card, CardContent } from '../../../ui/card';

function ArticlePage({ slug, testId }: { slug: ArticleSlug; testId: string }) {
  return (
    <Card data-testid={testId}>
      <CardContent>
        <ArticleView slug={slug} />
      </CardContent>
    </Card>
  );
}

/** /agent/agent-info: recruiting promoters. */
export function AgentInfoPage() {
  return <ArticlePage slug="agent-recruit" testId="page-agent-info" />;
}

/** /agent/agent-desc: what promoters are and earn. */
export function AgentDescPage() {
  return <ArticlePage slug="agent-desc" testId="page-agent-desc" />;
}

/** /agent/help. */
export function HelpPage() {
  return <ArticlePage slug="help" testId="page-help" />;
}
