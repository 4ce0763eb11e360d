import { Button, ComboBox, Form, Item, ProgressCircle, TextField } from '@adobe/react-spectrum';
import { useEffect, useMemo, useState, type Key } from 'react';
import { firstValueFrom, forkJoin } from 'rxjs';
import { enterpriseApi, type EnterpriseDetails } from '@parley/sdk/contract/enterprise';
import { fromServer, invalid, validate, type FieldErrors } from '../../auth/form-errors.js';
import { useCan } from '../../components/use-can.js';
import { api, useSession } from '../../stores/session-store.js';
import { toast } from '../../stores/toast-store.js';
import { countryOptions, timeZoneLabel, timeZoneOptions, type CountryOption } from './enterprise-options.js';
import { LogoCard } from './LogoCard.js';
import '../profile/profile.css';
import './enterprise.css';

interface Values {
  name: string;
  country: string;
  timeZone: string;
  phoneCountry: string;
}

const valuesOf = (d: EnterpriseDetails): Values => ({ name: d.name, country: d.country ?? '', timeZone: d.timeZone ?? '', phoneCountry: d.phoneCountry ?? '' });

/** /admin/details (issue 36 item 9): ENTERPRISE.VIEW sees, ENTERPRISE.EDIT changes. */
export function EnterpriseDetailsScreen() {
  const canEdit = useCan(['ENTERPRISE.EDIT']);
  const [details, setDetails] = useState<EnterpriseDetails | null>(null);
  const [countries, setCountries] = useState<CountryOption[]>([]);
  const [values, setValues] = useState<Values | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const zones = useMemo(() => timeZoneOptions().map((id) => ({ id, label: timeZoneLabel(id) })), []);

  useEffect(() => {
    const sub = forkJoin([api.enterprise.details({}), api.enterprise.countryCodes({})]).subscribe({
      next: ([d, codes]) => {
        setDetails(d);
        setValues(valuesOf(d));
        setCountries(countryOptions(codes, document.documentElement.lang || undefined));
      },
      error: (e: unknown) => toast(fromServer(e).message, 'error'),
    });
    return () => sub.unsubscribe();
  }, []);

  if (!details || !values) return <ProgressCircle isIndeterminate aria-label="Loading enterprise details" />;
  const set = (field: keyof Values) => (value: string) => setValues({ ...values, [field]: value });
  const pick = (field: keyof Values) => (key: Key | null) => set(field)(key === null ? '' : String(key));

  const save = async () => {
    const found = validate(enterpriseApi.update.input, { ...values });
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const saved = await firstValueFrom(api.enterprise.update(values));
      setDetails(saved);
      setValues(valuesOf(saved));
      await useSession.getState().loadProfile();
      toast('Enterprise details saved', 'success');
    } catch (e) {
      const { fields, message } = fromServer(e);
      setErrors(fields);
      if (!Object.keys(fields).length) toast(message, 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="profile-screen">
      <h1>Enterprise details</h1>
      <div className="profile-columns">
        <section className="profile-card" aria-labelledby="enterprise-about">
          <h2 id="enterprise-about">About the enterprise</h2>
          <Form
            id="enterprise-details"
            validationBehavior="aria"
            isReadOnly={!canEdit}
            onSubmit={(e) => (e.preventDefault(), void save())}
            maxWidth="size-5000"
          >
            <TextField label="Enterprise name" value={values.name} onChange={set('name')} isRequired {...invalid(errors, 'name')} />
            <ComboBox
              label="Country"
              defaultItems={countries}
              selectedKey={values.country || null}
              onSelectionChange={pick('country')}
              {...invalid(errors, 'country')}
            >
              {(c) => <Item key={c.code}>{c.name}</Item>}
            </ComboBox>
            <ComboBox
              label="Time zone"
              defaultItems={zones}
              selectedKey={values.timeZone || null}
              onSelectionChange={pick('timeZone')}
              {...invalid(errors, 'timeZone')}
            >
              {(z) => <Item key={z.id}>{z.label}</Item>}
            </ComboBox>
            <ComboBox
              label="Default country for phone numbers"
              description="A number typed without + or 00 is read as a number of this country."
              defaultItems={countries}
              selectedKey={values.phoneCountry || null}
              onSelectionChange={pick('phoneCountry')}
              {...invalid(errors, 'phoneCountry')}
            >
              {(c) => <Item key={c.code} textValue={`${c.name} +${c.callingCode}`}>{`${c.name} (+${c.callingCode})`}</Item>}
            </ComboBox>
          </Form>
          {canEdit && (
            <Button type="submit" form="enterprise-details" variant="accent" isPending={busy}>
              Save
            </Button>
          )}
        </section>
        <LogoCard details={details} canEdit={canEdit} onChange={setDetails} />
      </div>
    </div>
  );
}
