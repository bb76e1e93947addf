-- Microflows (§7 POST /v3/microflow/execute/{microFlowId}): configuration as data. Each row names an executor
-- kind the server implements (EMI, LOOKUP, DOCUMENT) and the field keys and settings it works with; a flow's
-- button field names the microflow to run. PIN codes are the reference data the lookup reads.
CREATE TABLE microflows (
  microflow_id text PRIMARY KEY CHECK (microflow_id ~ '^[A-Z][A-Z0-9_]{0,63}$'),
  name         text NOT NULL,
  kind         text NOT NULL CHECK (kind IN ('EMI', 'LOOKUP', 'DOCUMENT')),
  config       jsonb NOT NULL DEFAULT '{}'::jsonb,
  enabled      boolean NOT NULL DEFAULT true,
  updated_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE pincodes (
  pincode  text PRIMARY KEY CHECK (pincode ~ '^[1-9][0-9]{5}$'),
  city     text NOT NULL,
  district text NOT NULL,
  state    text NOT NULL
);

INSERT INTO pincodes (pincode, city, district, state) VALUES
  ('110001', 'New Delhi', 'New Delhi', 'Delhi'),
  ('400001', 'Mumbai', 'Mumbai', 'Maharashtra'),
  ('411001', 'Pune', 'Pune', 'Maharashtra'),
  ('560001', 'Bengaluru', 'Bengaluru Urban', 'Karnataka'),
  ('600001', 'Chennai', 'Chennai', 'Tamil Nadu'),
  ('700001', 'Kolkata', 'Kolkata', 'West Bengal'),
  ('500001', 'Hyderabad', 'Hyderabad', 'Telangana'),
  ('380001', 'Ahmedabad', 'Ahmedabad', 'Gujarat'),
  ('302001', 'Jaipur', 'Jaipur', 'Rajasthan'),
  ('226001', 'Lucknow', 'Lucknow', 'Uttar Pradesh'),
  ('682001', 'Kochi', 'Ernakulam', 'Kerala'),
  ('160017', 'Chandigarh', 'Chandigarh', 'Chandigarh');

INSERT INTO microflows (microflow_id, name, kind, config) VALUES
  ('EMI_CALC', 'EMI calculator', 'EMI',
   '{"inputs": {"amount": "loanAmount", "rate": "interestRate", "tenureMonths": "tenureMonths"}, "defaultRate": 10.5,
     "outputs": {"emi": "estimatedEmi", "totalPayment": "totalPayment", "totalInterest": "totalInterest"}}'),
  ('PINCODE_LOOKUP', 'PIN code lookup', 'LOOKUP',
   '{"table": "pincodes", "input": "propertyPinCode", "outputs": {"city": "propertyCity", "district": "propertyDistrict", "state": "propertyState"}}'),
  ('SANCTION_LETTER', 'Sanction letter', 'DOCUMENT',
   '{"template": "SANCTION_LETTER", "title": "Sanction letter", "fileName": "sanction-letter-{application_id}.pdf", "defaultRate": 10.5, "validityDays": 30,
     "inputs": {"amount": "loanAmount", "rate": "interestRate", "tenureMonths": "tenureMonths"}}');
