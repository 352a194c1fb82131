/** The named people of the demo world; tests and demos know them by name. */
export interface Persona {
  username: string;
  fullName: string;
  bio: string;
  isPrivate?: boolean;
}

export const PERSONAS: Persona[] = [
  { username: 'alice', fullName: 'Alice Martin', bio: 'Film photographer. Coffee, cats and long walks in the golden hour.' },
  { username: 'bob', fullName: 'Bob Okafor', bio: 'Street photography from Lagos and London.' },
  { username: 'carol', fullName: 'Carol Nguyen', bio: 'Pastry chef. Everything I bake ends up here first.' },
  { username: 'dan', fullName: 'Dan Kowalski', bio: 'Climbing, camping, coastlines.', isPrivate: true },
  { username: 'erin', fullName: 'Erin Walsh', bio: 'Ceramics studio in Galway.' },
  { username: 'farid', fullName: 'Farid Haddad', bio: 'Architecture and shadows.' },
  { username: 'grace', fullName: 'Grace Lee', bio: 'Plant mum. 143 houseplants and counting.' },
  { username: 'hugo', fullName: 'Hugo Bernard', bio: 'Cycling the Alps one pass at a time.' },
  { username: 'ines', fullName: 'Inês Costa', bio: 'Lisbon tiles, trams and sunsets.' },
  { username: 'jamal', fullName: 'Jamal Carter', bio: 'Jazz drummer. Backstage shots.' },
  { username: 'kenji', fullName: 'Kenji Sato', bio: 'Ramen hunter. Tokyo ⇄ Osaka.' },
  { username: 'lena', fullName: 'Lena Fischer', bio: 'Berlin murals and modular synths.' },
  { username: 'mateo', fullName: 'Mateo Rossi', bio: 'Nonna’s recipes, my photos.' },
  { username: 'nadia', fullName: 'Nadia Petrova', bio: 'Ballet, backstage and rehearsal light.', isPrivate: true },
  { username: 'oscar', fullName: 'Oscar Lindqvist', bio: 'Northern lights chaser.' },
  { username: 'priya', fullName: 'Priya Sharma', bio: 'Textile designer. Colour is a language.' },
  { username: 'quinn', fullName: 'Quinn Taylor', bio: 'Skate park regular.' },
  { username: 'rosa', fullName: 'Rosa Jiménez', bio: 'Flamenco and family.' },
  { username: 'sam', fullName: 'Sam Osei', bio: 'Vintage cameras, restored and shooting again.' },
  { username: 'tara', fullName: 'Tara Byrne', bio: 'Sheepdogs and sea swims.' },
  { username: 'uma', fullName: 'Uma Iyer', bio: 'Bookshops of the world.' },
  { username: 'victor', fullName: 'Victor Dubois', bio: 'Paris rooftops at dawn.' },
  { username: 'wen', fullName: 'Wen Zhao', bio: 'Calligraphy and tea.' },
  { username: 'ximena', fullName: 'Ximena Flores', bio: 'Andes trekking guide.' },
  { username: 'yusuf', fullName: 'Yusuf Demir', bio: 'Istanbul ferries and simit.' },
  { username: 'zoe', fullName: 'Zoe Adams', bio: 'Wildlife vet. Otters are the best.' },
  { username: 'amara', fullName: 'Amara Diallo', bio: 'Portraits with natural light.' },
  { username: 'bruno', fullName: 'Bruno Silva', bio: 'Surf at sunrise, code at noon.' },
  { username: 'chloe', fullName: 'Chloé Moreau', bio: 'Florist. Seasonal bouquets.' },
  { username: 'diego', fullName: 'Diego Ramírez', bio: 'Mexico City food walks.' },
  { username: 'elif', fullName: 'Elif Yılmaz', bio: 'Knitting patterns and cosy corners.' },
  { username: 'finn', fullName: 'Finn O’Connor', bio: 'Lighthouses of the Atlantic coast.' },
  { username: 'gwen', fullName: 'Gwen Hughes', bio: 'Welsh hills and a very muddy dog.' },
  { username: 'hana', fullName: 'Hana Kim', bio: 'Seoul cafés and film cameras.' },
];

/** Every demo account shares this password (documented in README.md). */
export const DEMO_PASSWORD = 'shutter-demo';
