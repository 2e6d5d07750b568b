import { expect, it } from 'vitest';
import { migrateTo, migrateToLatest } from '../src/db/migrate';
import { bridgedScaleMac } from '../src/devices/bridge-address';
import { suiteDatabase } from './support/test-database';
import { describeEachDialect } from './support/each-dialect';

// Migration 0015 marks the scales the Bluetooth bridge made before it: a locally administered
// address and the model the bridge claims them with. WiFi scales stay devices.
describeEachDialect('migration 0015 (bridged scales)', ({ dialect }) => {
  const suite = suiteDatabase(dialect);

  it('marks the scales the bridge made as bridged, and goes down and up again', async () => {
    await migrateToLatest(suite.handle);
    await migrateTo(suite.handle, '0014-users-online');
    const { db } = suite.handle;
    const bridged = bridgedScaleMac(1, 'device-a');
    const created_at = '2026-01-02T00:00:00.000Z';
    await db
      .insertInto('scales')
      .values([
        { mac: bridged, model_name: 'Bluetooth chipsea', created_at },
        // A WiFi scale: a universally administered address, whatever its firmware calls itself.
        { mac: '00AABBCCDDEE', model_name: 'Bluetooth-ready beerscale', created_at },
        { mac: '02AABBCCDDEE', model_name: 'beerscale-esp32', created_at },
        { mac: '0CAABBCCDDEE', model_name: null, created_at },
      ])
      .execute();
    await migrateToLatest(suite.handle);
    const rows = await db.selectFrom('scales').select(['mac', 'bridged']).orderBy('mac').execute();
    expect(Object.fromEntries(rows.map((r) => [r.mac, r.bridged]))).toEqual({
      [bridged]: 1,
      '00AABBCCDDEE': 0,
      '02AABBCCDDEE': 0,
      '0CAABBCCDDEE': 0,
    });
    await migrateTo(suite.handle, '0014-users-online');
    await migrateToLatest(suite.handle);
  });
});
