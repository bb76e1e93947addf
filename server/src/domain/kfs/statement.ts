import type { ContingentCharge, Quote } from '@lendline/shared/pricing';
import type { Block } from '../documents/pdf/render';
import type { GrievanceOfficer } from '@lendline/shared/contract';

/** What a statement states (copied into kfs_statements.terms when issued): the engine's quote, less the day it was
 * priced for, with the pricing version it came from. */
export type KfsTerms = Omit<Quote, 'disbursementDate'> & { pricingVersion: number };

/** The lender's grievance officer (domain/config/grievance.ts), or null when none is configured. */
export type { GrievanceOfficer };

export interface StatementInput {
  proposalNo: string;
  applicationId: string;
  productName: string;
  borrower: string;
  issuedOn: string;
  validUntil: string;
  terms: KfsTerms;
  grievance: GrievanceOfficer | null;
  coolingOffDays: number | null;
}

const inr = (n: number) => `₹ ${n.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const day = (iso: string) => iso.split('-').reverse().join('/');

/** The Annex A words in each language the portal speaks. */
const WORDS = {
  en: {
    title: 'Key Fact Statement', part1: 'Part 1 (Interest rate and fees/charges)', part2: 'Part 2 (Other qualitative information)', annex: 'Annex: Repayment schedule',
    proposal: 'Loan proposal number', application: 'Application', borrower: 'Borrower', product: 'Type of loan', issued: 'Issued on', valid: 'Valid until (3 working days)',
    amount: 'Sanctioned loan amount', disbursal: 'Disbursal schedule', disbursalText: '100% upfront', term: 'Loan term', months: 'months',
    instalments: 'Instalments', instalmentsText: (n: number, emi: string, first: string) => `${n} monthly EPIs of ${emi}, first on ${first}`,
    rate: 'Interest rate and type', fixed: 'Fixed', floating: (b: string, bp: string, s: string, m: number) => `Floating: ${b} ${bp} % + spread ${s} %, reset every ${m} months; a change of the benchmark changes the EPI or the number of EPIs`,
    totalInterest: 'Total interest', fees: 'Fees and charges (one-time, deducted at disbursal)', toLender: 'Payable to the lender', toThird: 'Payable to a third party through the lender',
    feeNames: { PROCESSING: 'Processing fee', DOCUMENTATION: 'Documentation charges', INSURANCE: 'Insurance', THIRD_PARTY: 'Third-party charges' },
    net: 'Net disbursed amount', totalPayable: 'Total amount to be paid (principal, interest, fees)', apr: 'Annual Percentage Rate (APR)',
    contingent: 'Contingent charges', contingentNames: { PENAL: 'Penal charges on delayed payment', FORECLOSURE: 'Foreclosure charges', SWITCHING: 'Switching between floating and fixed rate' },
    basis: (c: ContingentCharge) => ({ PER_INSTANCE: `${inr(c.value)} per instance`, PERCENT_PA_ON_OVERDUE: `${c.value} % per year on the overdue amount`, PERCENT_OF_OUTSTANDING: `${c.value} % of the outstanding principal`, PER_REQUEST: `${inr(c.value)} per request`, NOT_APPLICABLE: 'Not applicable' })[c.basis],
    recovery: 'Recovery agents: the lender may engage recovery agents only as its loan agreement sets out; they follow the RBI\'s code of conduct and the lender tells you their details before they contact you.',
    grievance: 'Grievance redressal: write to the grievance officer below; if your complaint is not resolved within 30 days you may approach the RBI Integrated Ombudsman (cms.rbi.org.in).',
    officer: (g: GrievanceOfficer) => `Grievance officer: ${g.name}${g.phone ? `, ${g.phone}` : ''}${g.email ? `, ${g.email}` : ''}`,
    noOfficer: 'Grievance officer: see the lender\'s website for the name, phone number and e-mail address of its grievance officer.',
    transfer: 'The loan may be transferred to another regulated entity or securitised; you will be told.',
    coolingOff: (d: number | null) => d ? `Cooling-off period: you may exit the loan within ${d} days of disbursal by repaying the principal and the proportionate APR, with no penalty.` : 'Cooling-off period: the lender\'s cooling-off (look-up) period is stated in your loan agreement; within it you may exit by repaying the principal and the proportionate APR, with no penalty.',
    notInKfs: 'No charge that is not stated in this statement may be levied without your explicit consent.',
    head: ['No.', 'Due date', 'Outstanding', 'Principal', 'Interest', 'Instalment'],
  },
  hi: {
    title: 'मुख्य तथ्य विवरण (KFS)', part1: 'भाग 1 (ब्याज दर और शुल्क/प्रभार)', part2: 'भाग 2 (अन्य गुणात्मक जानकारी)', annex: 'अनुबंध: पुनर्भुगतान अनुसूची',
    proposal: 'ऋण प्रस्ताव संख्या', application: 'आवेदन', borrower: 'उधारकर्ता', product: 'ऋण का प्रकार', issued: 'जारी करने की तिथि', valid: 'वैध तिथि (3 कार्य दिवस)',
    amount: 'स्वीकृत ऋण राशि', disbursal: 'संवितरण अनुसूची', disbursalText: '100% एकमुश्त', term: 'ऋण अवधि', months: 'महीने',
    instalments: 'किस्तें', instalmentsText: (n: number, emi: string, first: string) => `${emi} की ${n} मासिक किस्तें, पहली ${first} को`,
    rate: 'ब्याज दर और प्रकार', fixed: 'स्थिर', floating: (b: string, bp: string, s: string, m: number) => `अस्थिर: ${b} ${bp} % + स्प्रेड ${s} %, हर ${m} महीने में पुनर्निर्धारण; बेंचमार्क बदलने पर किस्त या किस्तों की संख्या बदलती है`,
    totalInterest: 'कुल ब्याज', fees: 'शुल्क और प्रभार (एक बार, संवितरण पर काटे जाते हैं)', toLender: 'ऋणदाता को देय', toThird: 'ऋणदाता के माध्यम से तीसरे पक्ष को देय',
    feeNames: { PROCESSING: 'प्रोसेसिंग शुल्क', DOCUMENTATION: 'दस्तावेज़ीकरण शुल्क', INSURANCE: 'बीमा', THIRD_PARTY: 'तीसरे पक्ष के शुल्क' },
    net: 'शुद्ध संवितरित राशि', totalPayable: 'चुकाई जाने वाली कुल राशि (मूलधन, ब्याज, शुल्क)', apr: 'वार्षिक प्रतिशत दर (APR)',
    contingent: 'आकस्मिक प्रभार', contingentNames: { PENAL: 'देर से भुगतान पर दंड प्रभार', FORECLOSURE: 'फोरक्लोज़र प्रभार', SWITCHING: 'अस्थिर और स्थिर दर के बीच बदलाव' },
    basis: (c: ContingentCharge) => ({ PER_INSTANCE: `${inr(c.value)} प्रति बार`, PERCENT_PA_ON_OVERDUE: `बकाया राशि पर ${c.value} % प्रति वर्ष`, PERCENT_OF_OUTSTANDING: `बकाया मूलधन का ${c.value} %`, PER_REQUEST: `${inr(c.value)} प्रति अनुरोध`, NOT_APPLICABLE: 'लागू नहीं' })[c.basis],
    recovery: 'वसूली एजेंट: ऋणदाता ऋण अनुबंध के अनुसार ही वसूली एजेंट नियुक्त कर सकता है; वे RBI की आचार संहिता का पालन करते हैं और संपर्क से पहले ऋणदाता आपको उनका विवरण बताता है।',
    grievance: 'शिकायत निवारण: नीचे दिए शिकायत अधिकारी को लिखें; 30 दिनों में समाधान न होने पर आप RBI एकीकृत लोकपाल (cms.rbi.org.in) से संपर्क कर सकते हैं।',
    officer: (g: GrievanceOfficer) => `शिकायत अधिकारी: ${g.name}${g.phone ? `, ${g.phone}` : ''}${g.email ? `, ${g.email}` : ''}`,
    noOfficer: 'शिकायत अधिकारी: शिकायत अधिकारी का नाम, फ़ोन नंबर और ई-मेल पता ऋणदाता की वेबसाइट पर देखें।',
    transfer: 'ऋण किसी अन्य विनियमित संस्था को हस्तांतरित या प्रतिभूतिकृत किया जा सकता है; आपको सूचित किया जाएगा।',
    coolingOff: (d: number | null) => d ? `कूलिंग-ऑफ अवधि: संवितरण के ${d} दिनों के भीतर आप मूलधन और आनुपातिक APR चुकाकर, बिना किसी दंड के, ऋण से बाहर निकल सकते हैं।` : 'कूलिंग-ऑफ अवधि: ऋणदाता की कूलिंग-ऑफ अवधि आपके ऋण अनुबंध में दी गई है; उसके भीतर आप मूलधन और आनुपातिक APR चुकाकर, बिना दंड के, बाहर निकल सकते हैं।',
    notInKfs: 'इस विवरण में न दिया गया कोई भी शुल्क आपकी स्पष्ट सहमति के बिना नहीं लिया जा सकता।',
    head: ['क्र.', 'देय तिथि', 'बकाया', 'मूलधन', 'ब्याज', 'किस्त'],
  },
} as const;

/** The statement in the RBI's Annex A structure: Part 1 terms and APR, Part 2 qualitative clauses, the schedule as annex. */
export function statementBlocks(s: StatementInput, lang: 'en' | 'hi'): Block[] {
  const w = WORDS[lang];
  const t = s.terms;
  const rate = t.rate.type === 'FIXED' ? `${t.ratePercent.toFixed(2)} % · ${w.fixed}` : `${t.ratePercent.toFixed(2)} % · ${w.floating(t.rate.benchmarkName, t.rate.benchmarkPercent.toFixed(2), t.rate.spreadPercent.toFixed(2), t.rate.resetMonths)}`;
  const feeRows = (to: 'LENDER' | 'THIRD_PARTY') => t.fees.filter((f) => f.payableTo === to).map((f) => [w.feeNames[f.code], inr(f.amount)] as [string, string]);
  return [
    { type: 'title', text: w.title },
    { type: 'facts', rows: [
      [w.proposal, s.proposalNo], [w.application, s.applicationId], [w.borrower, s.borrower], [w.product, s.productName], [w.issued, day(s.issuedOn)], [w.valid, day(s.validUntil)],
    ] },
    { type: 'heading', text: w.part1 },
    { type: 'facts', rows: [
      [w.amount, inr(t.amount)], [w.disbursal, w.disbursalText], [w.term, `${t.tenureMonths} ${w.months}`],
      [w.instalments, w.instalmentsText(t.tenureMonths, inr(t.emi), day(t.firstDueDate))], [w.rate, rate], [w.totalInterest, inr(t.totalInterest)],
    ] },
    { type: 'paragraph', text: w.fees },
    { type: 'table', head: [w.toLender, ''], rows: feeRows('LENDER'), align: ['left', 'right'] },
    { type: 'table', head: [w.toThird, ''], rows: feeRows('THIRD_PARTY'), align: ['left', 'right'] },
    { type: 'facts', rows: [[w.net, inr(t.netDisbursed)], [w.totalPayable, inr(t.totalPayable)], [w.apr, `${t.apr.toFixed(2)} %`]] },
    { type: 'paragraph', text: w.contingent },
    { type: 'facts', rows: t.contingent.map((c) => [w.contingentNames[c.code], w.basis(c)] as [string, string]) },
    { type: 'heading', text: w.part2 },
    { type: 'paragraph', text: w.recovery },
    { type: 'paragraph', text: w.grievance },
    { type: 'paragraph', text: s.grievance ? w.officer(s.grievance) : w.noOfficer },
    { type: 'paragraph', text: w.transfer },
    { type: 'paragraph', text: w.coolingOff(s.coolingOffDays) },
    { type: 'paragraph', text: w.notInKfs },
    { type: 'heading', text: w.annex },
    { type: 'table', head: [...w.head], rows: t.schedule.map((r) => [String(r.no), day(r.date), inr(r.opening), inr(r.principal), inr(r.interest), inr(r.instalment)]), align: ['left', 'left', 'right', 'right', 'right', 'right'] },
  ];
}
