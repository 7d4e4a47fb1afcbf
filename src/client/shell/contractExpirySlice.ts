import { createAction, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { loggedOut } from '../session/appSlice';

/** A normal contract nearing its expiry date, as the popup lists it. */
export interface ExpiringContract {
  id: number;
  contractNo: string;
  partyBName: string;
  expiryDate: string;
  /** Whole days from today to the expiry date (0: expires today). */
  daysLeft: number;
}

export interface ContractExpiryState {
  items: ExpiringContract[];
  visible: boolean;
}

const initialContractExpiryState: ContractExpiryState = { items: [], visible: false };

/** "知道了": hide the popup and keep it hidden for a while (contractExpirySaga stores when). */
export const contractExpiryDismissed = createAction('contractExpiry/dismissed');
/** "查看合同": hide the popup and open the contracts screen. */
export const contractExpiryViewRequested = createAction('contractExpiry/viewRequested');

export const contractExpirySlice = createSlice({
  name: 'contractExpiry',
  initialState: initialContractExpiryState,
  reducers: {
    expiringContractsShown(state, action: PayloadAction<ExpiringContract[]>) {
      state.items = action.payload;
      state.visible = action.payload.length > 0;
    },
    contractExpiryHidden(state) {
      state.visible = false;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => initialContractExpiryState);
  },
});

export const { expiringContractsShown, contractExpiryHidden } = contractExpirySlice.actions;
