import type { ReactNode } from 'react';
import { Card, CardContent } from '../../../ui/card';
import { Stack } from '../../../ui/stack';
import { Text } from '../../../ui/text';

/** One card of the profile: a title (with something beside it) and what it holds. */
export function ProfileSection({
  title,
  aside,
  testId,
  children,
}: {
  title: string;
  aside?: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Card component="section" aria-label={title} data-testid={testId}>
      <CardContent>
        <Stack spacing={1.5}>
          <Stack direction="row" spacing={1} alignItems="center" justifyContent="space-between">
            <Text variant="subtitle1" component="h2" weight={600}>
              {title}
            </Text>
            {aside}
          </Stack>
          {children}
        </Stack>
      </CardContent>
    </Card>
  );
}
