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
</TS>
