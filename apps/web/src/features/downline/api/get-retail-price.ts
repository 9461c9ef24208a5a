import { fenToMoney, moneyToFen } from '@promoter/contract';
import { useOption } from '../../../api/get-option';
import { OptionKey } from '../../../config/constants';

/** The retail price per diamond (the ceiling of a child's price) as two-decimal money, or null when unreadable. */
export function useRetailPrice() {
  const option = useOption(OptionKey.priceRetail);
  let data: string | null | undefined;
  if (option.data !== undefined) {
    try {
      data = fenToMoney(moneyToFen(option.data));
    } catch {
      data = null;
    }
  }
  return { data, isPending: option.isPending, isError: option.isError };
}
