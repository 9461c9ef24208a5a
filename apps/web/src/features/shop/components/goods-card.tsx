import AddShoppingCart from '@mui/icons-material/AddShoppingCartOutlined';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { TGoods } from '@promoter/contract';
import { useTranslation } from 'react-i18next';
import { languageOf } from '../../../i18n/languages';
import { formatCount, formatMoney } from '../../../lib/format';
import { unitPriceOf } from '../lib/goods';
import { GoodsImage } from './goods-image';

/** One package: picture, diamonds, price at my price; tap to choose it, or put it in the cart. */
export function GoodsCard({
  goods,
  selected,
  onSelect,
  onAddToCart,
}: {
  goods: TGoods;
  selected: boolean;
  onSelect: () => void;
  onAddToCart: () => void;
}) {
  const { t, i18n } = useTranslation();
  const locale = languageOf(i18n.language).htmlLang;
  const unit = unitPriceOf(goods);
  // A name like "1000 钻石" already says how many diamonds; an operator's "新手礼包" does not.
  const namesItsDiamonds = goods.name.includes(String(goods.diamonds));
  return (
    <Card
      variant="outlined"
      sx={{
        position: 'relative',
        borderWidth: 2,
        borderColor: selected ? 'primary.main' : 'divider',
        bgcolor: (theme) =>
          selected ? alpha(theme.palette.primary.main, 0.06) : theme.palette.background.paper,
      }}
      data-testid={`goods-${goods.id}`}
    >
      <ButtonBase
        onClick={onSelect}
        aria-pressed={selected}
        sx={{ width: '100%', display: 'block', textAlign: 'start', p: 1.5, pb: 5 }}
        data-testid={`goods-select-${goods.id}`}
      >
        <Stack spacing={1}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <GoodsImage image={goods.image} name={goods.name} size={40} />
            <Box sx={{ minWidth: 0 }}>
              {/* A name wraps (two lines at most) rather than lose its words: "1000 Diamonds" at 360 px. */}
              <Typography
                variant="subtitle2"
                sx={{
                  overflowWrap: 'anywhere',
                  display: '-webkit-box',
                  WebkitLineClamp: 2,
                  WebkitBoxOrient: 'vertical',
                  overflow: 'hidden',
                }}
              >
                {goods.name}
              </Typography>
              {namesItsDiamonds ? null : (
                <Typography variant="caption" color="text.secondary" noWrap component="div">
                  {t('shop.recharge.diamonds', { amount: formatCount(goods.diamonds, locale) })}
                </Typography>
              )}
            </Box>
          </Stack>
          <Typography variant="h6" color="primary" component="p" data-testid={`goods-price-${goods.id}`}>
            {formatMoney(goods.price)}
          </Typography>
          {unit ? (
            <Typography variant="caption" color="text.secondary">
              {t('shop.downline.unitPrice', { price: formatMoney(unit) })}
            </Typography>
          ) : null}
        </Stack>
      </ButtonBase>
      {selected ? (
        <CheckCircle color="primary" sx={{ position: 'absolute', top: 8, insetInlineEnd: 8 }} aria-hidden />
      ) : null}
      <Tooltip title={t('shop.cart.add')}>
        <IconButton
          size="small"
          color="primary"
          onClick={onAddToCart}
          aria-label={t('shop.cart.addNamed', { name: goods.name })}
          sx={{ position: 'absolute', bottom: 6, insetInlineEnd: 6 }}
          data-testid={`goods-add-cart-${goods.id}`}
        >
          <AddShoppingCart fontSize="small" />
        </IconButton>
      </Tooltip>
    </Card>
  );
}
