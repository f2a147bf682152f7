import type {
  ExchangeAppTokenData,
  ExchangeAppTokenResponse,
  GetAppStoreInfoData,
  GetAppStoreInfoResponse,
  GetAppTokenInfoData,
  GetAppTokenInfoResponse,
} from '../../../generated/client/types.gen';
import { handler } from '../../http/handler';
import { exchangeCode } from '../../services/developer/install/tokens';
import { storeInfo, tokenInfo } from '../../services/developer/install/app-api';

export const exchangeAppToken = handler<ExchangeAppTokenData, ExchangeAppTokenResponse>(async ({ ctx, req, body }) => ({
  data: await exchangeCode({ ctx, ...body, ip: req.ip ?? '' }),
}));

export const getAppTokenInfo = handler<GetAppTokenInfoData, GetAppTokenInfoResponse>(async ({ ctx, req }) => ({
  data: await tokenInfo({ ctx, authorization: req.headers.authorization }),
}));

export const getAppStoreInfo = handler<GetAppStoreInfoData, GetAppStoreInfoResponse>(async ({ ctx, req }) => ({
  data: await storeInfo({ ctx, authorization: req.headers.authorization }),
}));
