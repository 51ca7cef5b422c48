import type { SeedCity, SeedIsland } from './types.ts';
import { sameInAll } from './types.ts';

/**
 * The ten islands of Cabo Verde, north-west (Barlavento) to south (Sotavento). Santa Luzia is uninhabited and
 * has no municipality: it is kept for completeness but inactive. Island names are proper nouns with no
 * established English or French exonym, so the Portuguese name is used in every language.
 */
export const ISLANDS: readonly SeedIsland[] = [
  { code: 'SA', description: sameInAll('Santo Antão') },
  { code: 'SV', description: sameInAll('São Vicente') },
  { code: 'LZ', description: sameInAll('Santa Luzia'), isActive: false },
  { code: 'SN', description: sameInAll('São Nicolau') },
  { code: 'SL', description: sameInAll('Sal') },
  { code: 'BV', description: sameInAll('Boa Vista') },
  { code: 'MA', description: sameInAll('Maio') },
  { code: 'ST', description: sameInAll('Santiago') },
  { code: 'FG', description: sameInAll('Fogo') },
  { code: 'BR', description: sameInAll('Brava') },
];

/**
 * The 22 municipalities (concelhos) of Cabo Verde as cities of their island. The code is the island code, a
 * hyphen and the municipality's ISO 3166-2:CV subdivision code (CV-XX), so it is stable and recognisable.
 */
export const CITIES: readonly SeedCity[] = [
  { code: 'SA-RG', islandCode: 'SA', description: sameInAll('Ribeira Grande') },
  { code: 'SA-PA', islandCode: 'SA', description: sameInAll('Paul') },
  { code: 'SA-PN', islandCode: 'SA', description: sameInAll('Porto Novo') },
  { code: 'SV-SV', islandCode: 'SV', description: sameInAll('São Vicente') },
  { code: 'SN-RB', islandCode: 'SN', description: sameInAll('Ribeira Brava') },
  { code: 'SN-TS', islandCode: 'SN', description: sameInAll('Tarrafal de São Nicolau') },
  { code: 'SL-SL', islandCode: 'SL', description: sameInAll('Sal') },
  { code: 'BV-BV', islandCode: 'BV', description: sameInAll('Boa Vista') },
  { code: 'MA-MA', islandCode: 'MA', description: sameInAll('Maio') },
  { code: 'ST-PR', islandCode: 'ST', description: sameInAll('Praia') },
  { code: 'ST-RS', islandCode: 'ST', description: sameInAll('Ribeira Grande de Santiago') },
  { code: 'ST-SD', islandCode: 'ST', description: sameInAll('São Domingos') },
  { code: 'ST-CA', islandCode: 'ST', description: sameInAll('Santa Catarina') },
  { code: 'ST-SS', islandCode: 'ST', description: sameInAll('São Salvador do Mundo') },
  { code: 'ST-CR', islandCode: 'ST', description: sameInAll('Santa Cruz') },
  { code: 'ST-SO', islandCode: 'ST', description: sameInAll('São Lourenço dos Órgãos') },
  { code: 'ST-SM', islandCode: 'ST', description: sameInAll('São Miguel') },
  { code: 'ST-TA', islandCode: 'ST', description: sameInAll('Tarrafal') },
  { code: 'FG-SF', islandCode: 'FG', description: sameInAll('São Filipe') },
  { code: 'FG-MO', islandCode: 'FG', description: sameInAll('Mosteiros') },
  { code: 'FG-CF', islandCode: 'FG', description: sameInAll('Santa Catarina do Fogo') },
  { code: 'BR-BR', islandCode: 'BR', description: sameInAll('Brava') },
];
