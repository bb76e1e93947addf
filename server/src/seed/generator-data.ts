/** Name pools and team rosters the application generator draws from (docs/identity.md users). */
export const FIRST_NAMES = [
  'Aarav', 'Priya', 'Rohan', 'Ananya', 'Vikram', 'Meera', 'Kabir', 'Isha', 'Arjun', 'Sara', 'Dev', 'Nisha', 'Aditya', 'Kavya', 'Rahul',
  'Sneha', 'Karan', 'Pooja', 'Siddharth', 'Divya', 'Aman', 'Riya', 'Nikhil', 'Tanvi', 'Varun', 'Neha', 'Manish', 'Shreya', 'Harsh', 'Aditi',
  'Yash', 'Simran', 'Gaurav', 'Ishita', 'Akash', 'Nandini', 'Rajat', 'Megha', 'Sahil', 'Anjali', 'Vivek', 'Lakshmi', 'Imran', 'Farah', 'Joseph',
  'Mary', 'Gurpreet', 'Harpreet', 'Suresh', 'Lata', 'Ramesh', 'Sunita', 'Mohan', 'Geeta', 'Abhishek', 'Swati', 'Tarun', 'Bhavna', 'Deepak', 'Zoya',
];
export const LAST_NAMES = [
  'Sharma', 'Iyer', 'Patel', 'Reddy', 'Khan', 'Das', 'Mehta', 'Nair', 'Singh', 'Gupta', 'Verma', 'Rao', 'Joshi', 'Kulkarni', 'Banerjee',
  'Chatterjee', 'Menon', 'Pillai', 'Agarwal', 'Bose', 'Chopra', 'Desai', 'Ghosh', 'Hegde', 'Jain', 'Kapoor', 'Kumar', 'Malhotra', 'Mishra', 'Naidu',
  'Pandey', 'Qureshi', 'Saxena', 'Shetty', 'Sinha', 'Srinivasan', 'Thakur', 'Tiwari', 'Yadav', 'Bhat', 'DSouza', 'Fernandes', 'Gill', 'Kaur', 'Lal',
  'Mukherjee', 'Prasad', 'Rathore', 'Sethi', 'Varghese',
];
/** Members per team who can hold a task (viewer1 has application access only, so never an assignee). */
export const TEAM_MEMBERS: Record<string, string[]> = {
  'CPA-NORTH': ['cpa1', 'cpa2', 'bcm1'],
  'CPA-SOUTH': ['dev1'],
  CREDIT: ['bcm1', 'bh1'],
  APPROVAL: ['bh1'],
  OPS: ['admin'],
};
export const EMPLOYMENT_TYPES = ['Salaried', 'Self-employed', 'Professional'];
