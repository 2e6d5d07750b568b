import { useMutation } from '@tanstack/react-query';
import { groupExport } from '@beerscale/contract/api/groups';
import { call } from '../../../lib/api-client';

/** Every group game as CSV, saved as a file (the call needs the bearer token, so no plain link). */
export function useGroupExport(id: number) {
  return useMutation({
    mutationFn: async () => {
      const csv = (await call(groupExport, { params: { id } })) as unknown as Blob;
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      const anchor = document.createElement('a');
      anchor.href = url;
      anchor.download = `beerscale-group-${id}.csv`;
      anchor.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    },
  });
}
