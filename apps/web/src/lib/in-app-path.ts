/** Whether a path handed in from outside (a query, a navigation state) is a route of this app, never another site. */
export function isInAppPath(path: string | null | undefined): path is string {
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') && !path.includes('\\');
}
