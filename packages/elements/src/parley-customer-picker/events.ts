/** A customer as the picker hands it over: the spec's "Customer-list entry (picker)" (customer-master 3). */
export interface PickedCustomer {
  name: string;
  /** E.164, as stored: `+919876543210`. */
  phoneNumber: string;
}

/** `parley-customers-selected`: Yes was pressed; every customer ticked on any page or search, in the order ticked. */
export interface CustomersSelectedDetail {
  customers: PickedCustomer[];
}

/** `parley-close`: the list was dismissed without choosing (No, or Escape). It carries nothing. */
export type PickerCloseDetail = null;
