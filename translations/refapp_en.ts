<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_GB" sourcelanguage="en">
<context>
    <name>CentrePanel</name>
    <message numerus="yes">
        <source>%n riichi sticks</source>
        <translation>
            <numerusform>%n riichi stick</numerusform>
            <numerusform>%n riichi sticks</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n counters</source>
        <translation>
            <numerusform>%n counter</numerusform>
            <numerusform>%n counters</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ClockTexts</name>
    <message numerus="yes">
        <source>%n more hand(s) after this one</source>
        <translation>
            <numerusform>%n more hand after this one</numerusform>
            <numerusform>%n more hands after this one</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>the hand in play is finished, then %n more hand(s)</source>
        <translation>
            <numerusform>the hand in play is finished, then %n more hand</numerusform>
            <numerusform>the hand in play is finished, then %n more hands</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ConflictsTab</name>
    <message numerus="yes">
        <source>Table %1 (%2): %n entry(ies) written by %3, which did not hold the table (%4 did)</source>
        <translation>
            <numerusform>Table %1 (%2): %n entry written by %3, which did not hold the table (%4 did)</numerusform>
            <numerusform>Table %1 (%2): %n entries written by %3, which did not hold the table (%4 did)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The key %1 %2 is used by %n device(s): a copied key? Only one may speak for it.</source>
        <translation>
            <numerusform>The key %1 %2 is used by %n device: a copied key? Only one may speak for it.</numerusform>
            <numerusform>The key %1 %2 is used by %n devices: a copied key? Only one may speak for it.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %n event(s) here</source>
        <translation>
            <numerusform>%1: %n event here</numerusform>
            <numerusform>%1: %n events here</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n held</source>
        <translation>
            <numerusform>%n held</numerusform>
            <numerusform>%n held</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Branch %1: %n entry(ies) by %2</source>
        <translation>
            <numerusform>Branch %1: %n entry by %2</numerusform>
            <numerusform>Branch %1: %n entries by %2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CountWords</name>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n warning</numerusform>
            <numerusform>%n warnings</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n dead hand(s)</source>
        <translation>
            <numerusform>%n dead hand</numerusform>
            <numerusform>%n dead hands</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n chombo(s)</source>
        <translation>
            <numerusform>%n chombo</numerusform>
            <numerusform>%n chombos</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n penalty(ies)</source>
        <translation>
            <numerusform>%n penalty</numerusform>
            <numerusform>%n penalties</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n ladder step(s)</source>
        <translation>
            <numerusform>%n ladder step</numerusform>
            <numerusform>%n ladder steps</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n other incident(s)</source>
        <translation>
            <numerusform>%n other incident</numerusform>
            <numerusform>%n other incidents</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n voided or set aside, not counted</source>
        <translation>
            <numerusform>%n voided or set aside, not counted</numerusform>
            <numerusform>%n voided or set aside, not counted</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n player(s)</source>
        <translation>
            <numerusform>%n player</numerusform>
            <numerusform>%n players</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n with incidents</source>
        <translation>
            <numerusform>%n with incidents</numerusform>
            <numerusform>%n with incidents</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DevicesTab</name>
    <message numerus="yes">
        <source>%n event(s) here</source>
        <translation>
            <numerusform>%n event here</numerusform>
            <numerusform>%n events here</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n held</source>
        <translation>
            <numerusform>%n held</numerusform>
            <numerusform>%n held</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HandWords</name>
    <message numerus="yes">
        <source>%n counter(s)</source>
        <translation>
            <numerusform>%n counter</numerusform>
            <numerusform>%n counters</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n riichi stick(s)</source>
        <translation>
            <numerusform>%n riichi stick</numerusform>
            <numerusform>%n riichi sticks</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HistoryView</name>
    <message numerus="yes">
        <source>The %n newest incident(s) shown; more below.</source>
        <translation>
            <numerusform>The %n newest incident shown; more below.</numerusform>
            <numerusform>The %n newest incidents shown; more below.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n incident(s).</source>
        <translation>
            <numerusform>%n incident.</numerusform>
            <numerusform>%n incidents.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n warning</numerusform>
            <numerusform>%n warnings</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n dead hand(s)</source>
        <translation>
            <numerusform>%n dead hand</numerusform>
            <numerusform>%n dead hands</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n chonbo(s)</source>
        <translation>
            <numerusform>%n chonbo</numerusform>
            <numerusform>%n chonbos</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n chombo(s)</source>
        <translation>
            <numerusform>%n chombo</numerusform>
            <numerusform>%n chombos</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n penalty(ies)</source>
        <translation>
            <numerusform>%n penalty</numerusform>
            <numerusform>%n penalties</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>IncidentCard</name>
    <message numerus="yes">
        <source>When entered, it counted %n warning(s) at other tables</source>
        <translation>
            <numerusform>When entered, it counted %n warning at other tables</numerusform>
            <numerusform>When entered, it counted %n warnings at other tables</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>When entered, it counted %n offence(s) on the ladder at other tables</source>
        <translation>
            <numerusform>When entered, it counted %n offence on the ladder at other tables</numerusform>
            <numerusform>When entered, it counted %n offences on the ladder at other tables</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PinDialog</name>
    <message numerus="yes">
        <source>Too many wrong PINs: locked for %n seconds.</source>
        <translation>
            <numerusform>Too many wrong PINs: locked for %n second.</numerusform>
            <numerusform>Too many wrong PINs: locked for %n seconds.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PlayerDetail</name>
    <message numerus="yes">
        <source>%n warning(s) in this count; the next one is the %1.</source>
        <translation>
            <numerusform>%n warning in this count; the next one is the %1.</numerusform>
            <numerusform>%n warnings in this count; the next one is the %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %n offence(s) counted; the next one is the %2: a dead hand.</source>
        <translation>
            <numerusform>%1: %n offence counted; the next one is the %2: a dead hand.</numerusform>
            <numerusform>%1: %n offences counted; the next one is the %2: a dead hand.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %n offence(s) counted; the next one is the %2: a warning.</source>
        <translation>
            <numerusform>%1: %n offence counted; the next one is the %2: a warning.</numerusform>
            <numerusform>%1: %n offences counted; the next one is the %2: a warning.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Preview</name>
    <message numerus="yes">
        <source>%1 loses %n league point(s).</source>
        <translation>
            <numerusform>%1 loses %n league point.</numerusform>
            <numerusform>%1 loses %n league points.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 loses %n rating point(s) (offline).</source>
        <translation>
            <numerusform>%1 loses %n rating point (offline).</numerusform>
            <numerusform>%1 loses %n rating points (offline).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 takes %n riichi stick(s).</source>
        <translation>
            <numerusform>%1 takes %n riichi stick.</numerusform>
            <numerusform>%1 takes %n riichi sticks.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The %n riichi stick(s) left on the table go to the winner.</source>
        <translation>
            <numerusform>The %n riichi stick left on the table goes to the winner.</numerusform>
            <numerusform>The %n riichi sticks left on the table go to the winner.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The %n riichi stick(s) left on the table are lost.</source>
        <translation>
            <numerusform>The %n riichi stick left on the table is lost.</numerusform>
            <numerusform>The %n riichi sticks left on the table are lost.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n earlier warning(s) for %1 at other tables this session: this is the %2 warning.</source>
        <translation>
            <numerusform>%n earlier warning for %1 at other tables this session: this is the %2 warning.</numerusform>
            <numerusform>%n earlier warnings for %1 at other tables this session: this is the %2 warning.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n earlier warning(s) for %1 at other tables in this tournament: this is the %2 warning.</source>
        <translation>
            <numerusform>%n earlier warning for %1 at other tables in this tournament: this is the %2 warning.</numerusform>
            <numerusform>%n earlier warnings for %1 at other tables in this tournament: this is the %2 warning.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n earlier call offence(s) for %1 at other tables this session: this is the %2.</source>
        <translation>
            <numerusform>%n earlier call offence for %1 at other tables this session: this is the %2.</numerusform>
            <numerusform>%n earlier call offences for %1 at other tables this session: this is the %2.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n earlier call offence(s) for %1 at other tables in this tournament: this is the %2.</source>
        <translation>
            <numerusform>%n earlier call offence for %1 at other tables in this tournament: this is the %2.</numerusform>
            <numerusform>%n earlier call offences for %1 at other tables in this tournament: this is the %2.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PreviewPanel</name>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n warning</numerusform>
            <numerusform>%n warnings</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n dead hand(s)</source>
        <translation>
            <numerusform>%n dead hand</numerusform>
            <numerusform>%n dead hands</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n chombo(s)</source>
        <translation>
            <numerusform>%n chombo</numerusform>
            <numerusform>%n chombos</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n penalty(ies)</source>
        <translation>
            <numerusform>%n penalty</numerusform>
            <numerusform>%n penalties</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ReportTexts</name>
    <message numerus="yes">
        <source>%n incident(s)</source>
        <translation>
            <numerusform>%n incident</numerusform>
            <numerusform>%n incidents</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n voided</source>
        <translation>
            <numerusform>%n voided</numerusform>
            <numerusform>%n voided</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n signed off</source>
        <translation>
            <numerusform>%n signed off</numerusform>
            <numerusform>%n signed off</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n not signed</source>
        <translation>
            <numerusform>%n not signed</numerusform>
            <numerusform>%n not signed</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>at %n table(s)</source>
        <translation>
            <numerusform>at %n table</numerusform>
            <numerusform>at %n tables</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SeatPanel</name>
    <message numerus="yes">
        <source>%n warnings</source>
        <translation>
            <numerusform>%n warning</numerusform>
            <numerusform>%n warnings</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n chombos</source>
        <translation>
            <numerusform>%n chombo</numerusform>
            <numerusform>%n chombos</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n penalties (%1)</source>
        <translation>
            <numerusform>%n penalty (%1)</numerusform>
            <numerusform>%n penalties (%1)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SeatingTab</name>
    <message numerus="yes">
        <source>%n player(s).</source>
        <translation>
            <numerusform>%n player.</numerusform>
            <numerusform>%n players.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n player(s) added</source>
        <translation>
            <numerusform>%n player added</numerusform>
            <numerusform>%n players added</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SetupView</name>
    <message numerus="yes">
        <source>%n player(s) imported.</source>
        <translation>
            <numerusform>%n player imported.</numerusform>
            <numerusform>%n players imported.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>StandingsTexts</name>
    <message numerus="yes">
        <source>missed %n hanchan(s)</source>
        <translation>
            <numerusform>missed %n hanchan</numerusform>
            <numerusform>missed %n hanchans</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n hanchan(s) under another rule set</source>
        <translation>
            <numerusform>%n hanchan under another rule set</numerusform>
            <numerusform>%n hanchans under another rule set</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TablesTab</name>
    <message numerus="yes">
        <source>%n in play</source>
        <translation>
            <numerusform>%n in play</numerusform>
            <numerusform>%n in play</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n finished</source>
        <translation>
            <numerusform>%n finished</numerusform>
            <numerusform>%n finished</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n with nothing recorded yet</source>
        <translation>
            <numerusform>%n with nothing recorded yet</numerusform>
            <numerusform>%n with nothing recorded yet</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n table(s)</source>
        <translation>
            <numerusform>%n table</numerusform>
            <numerusform>%n tables</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n table(s) calling the referee: %1</source>
        <translation>
            <numerusform>%n table calling the referee: %1</numerusform>
            <numerusform>%n tables calling the referee: %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n table(s) in conflict: see Conflicts</source>
        <translation>
            <numerusform>%n table in conflict: see Conflicts</numerusform>
            <numerusform>%n tables in conflict: see Conflicts</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n device key(s) used by two devices: see Conflicts</source>
        <translation>
            <numerusform>%n device key used by two devices: see Conflicts</numerusform>
            <numerusform>%n device keys used by two devices: see Conflicts</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n event(s) held from devices not trusted: see Devices</source>
        <translation>
            <numerusform>%n event held from devices not trusted: see Devices</numerusform>
            <numerusform>%n events held from devices not trusted: see Devices</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ThisDeviceTab</name>
    <message numerus="yes">
        <source>Synced at %1: %n event(s) of this device written</source>
        <translation>
            <numerusform>Synced at %1: %n event of this device written</numerusform>
            <numerusform>Synced at %1: %n events of this device written</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 (%2): %n merged</source>
        <translation>
            <numerusform>%1 (%2): %n merged</numerusform>
            <numerusform>%1 (%2): %n merged</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n held</source>
        <translation>
            <numerusform>%n held</numerusform>
            <numerusform>%n held</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>VenueWords</name>
    <message numerus="yes">
        <source>%n event(s) held</source>
        <translation>
            <numerusform>%n event held</numerusform>
            <numerusform>%n events held</numerusform>
        </translation>
    </message>
</context>
</TS>
