import type { ReactNode } from 'react';
import { Card, CardContent } from '../../../ui/card';
import { Stack } from '../../../ui/stack';
import { Text } from '../../../ui/text';

/** A card of a money screen: its title, then what it holds. */
export function SectionCard({
  title,
  spacing = 2,
  children,
}: {
  title: string;
  spacing?: number;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardContent>
        <Stack spacing={spacing}>
          <Text variant="subtitle2" component="h2">
            {title}
          </Text>
          {children}
        </Stack>
      </CardContent>
    </Card>
  );
}
