import { useEffect } from 'react';
import { useQuery } from '@apollo/client/react';
import { ImportJobQuery } from '../import.graphql';

/** How often a running import is asked for its progress. */
const POLL_MS = 500;

const running = (status: string | undefined) => status === 'queued' || status === 'running';

/** An import's progress, polled (GraphQL importJob) until it is done or failed. */
export function useImportJob(id: string | null) {
  const result = useQuery(ImportJobQuery, { variables: { id: id ?? '' }, skip: !id, fetchPolicy: 'network-only', notifyOnNetworkStatusChange: false });
  const status = result.data?.importJob.status;
  const { startPolling, stopPolling } = result;
  useEffect(() => {
    if (!id || (status && !running(status))) return undefined;
    startPolling(POLL_MS);
    return () => stopPolling();
  }, [id, status, startPolling, stopPolling]);
  return result;
}

export { running as isRunning };
