import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { Card, CardContent } from '../../../ui/card';
import { CheckCircleOutlineOutlinedIcon } from '../../../ui/icons/CheckCircleOutlineOutlinedIcon';
import { Stack } from '../../../ui/stack';
import { Text } from '../../../ui/text';
import styles from './success-card.module.css';

interface SuccessCardProps {
  title: string;
  text: string;
  /** The figure after the operation, e.g. the stock now. */
  after: string;
  testId: string;
  actions: ReactNode;
}

/**
 * What a money operation did, at the top of its screen. It scrolls itself into view when it appears: the
 * confirmation was given at the bottom of the form, and the result must not happen out of sight.
 */
export function SuccessCard({ title, text, after, testId, actions }: SuccessCardProps) {
  const ref = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    ref.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, []);
  return (
    <div ref={ref} className={styles.anchor}>
      <Card role="status" className={styles.card} data-testid={testId}>
        <CardContent>
          <Stack spacing={1.5} alignItems="center" className={styles.body}>
            <CheckCircleOutlineOutlinedIcon color="success" fontSize="inherit" className={styles.icon} />
            <Text variant="h6" component="h2">
              {title}
            </Text>
            <Text>{text}</Text>
            <Text color="textSecondary" data-testid={`${testId}-stock`}>
              {after}
            </Text>
            <Stack direction="row" wrap justifyContent="center" spacing={1}>
              {actions}
            </Stack>
          </Stack>
        </CardContent>
      </Card>
    </div>
  );
}
