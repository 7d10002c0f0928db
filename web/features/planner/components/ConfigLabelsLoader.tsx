import { useEffect } from 'react';
import { useQuery } from '@apollo/client/react';
import { publishConfigLabels } from '../config-labels';
import { ConfigLabelsQuery } from '../planner.graphql';

/**
 * Reads the configured categories and priorities for every screen (the shell loads it after the first
 * paint): a renamed or recoloured item (Admin) reaches every card and badge through the cache.
 */
export default function ConfigLabelsLoader() {
  const { data } = useQuery(ConfigLabelsQuery);
  useEffect(() => {
    if (data) publishConfigLabels(data.categories, data.priorities);
  }, [data]);
  return null;
}
