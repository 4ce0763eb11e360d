import { ChannelTypes, VENDOR_CHANNEL_TYPES, Vendors, type ChannelType, type VendorId } from '@parley/sdk/contract/channel-texts';

/** Pickers and table cells show names; the wire carries the numbers of platform-shell 9. */
export const CHANNEL_TYPE_OPTIONS = Object.entries(ChannelTypes).map(([name, id]) => ({ id: String(id), name }));
export const VENDOR_OPTIONS = Object.entries(Vendors).map(([name, id]) => ({ id: String(id), name }));

const typeNames = new Map<number, string>(Object.entries(ChannelTypes).map(([name, id]) => [id, name]));
const vendorNames = new Map<number, string>(Object.entries(Vendors).map(([name, id]) => [id, name]));

/** A number the console does not know (a newer server) still shows, as the number. */
export const typeName = (type: number) => typeNames.get(type) ?? String(type);
export const vendorName = (vendor: number) => vendorNames.get(vendor) ?? String(vendor);

/** Vendors that serve a channel type (the contract's table, which the server checks too). */
export const vendorsFor = (type: ChannelType) => VENDOR_OPTIONS.filter((v) => VENDOR_CHANNEL_TYPES[Number(v.id) as VendorId].includes(type));
