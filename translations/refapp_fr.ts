<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr_FR" sourcelanguage="en">
<context>
    <name>Amount</name>
    <message>
        <source>%1 (points)</source>
        <comment>a column of amounts in points</comment>
        <translation>%1 (points)</translation>
    </message>
</context>
<context>
    <name>Answer</name>
    <message>
        <source>None</source>
        <translation>Aucune</translation>
    </message>
    <message>
        <source>Two (for the pon)</source>
        <translation>Deux (pour le pung)</translation>
    </message>
    <message>
        <source>The whole hand</source>
        <translation>Toute la main</translation>
    </message>
    <message>
        <source>The wall</source>
        <translation>Le mur</translation>
    </message>
    <message>
        <source>The dead wall</source>
        <translation>Le mur mort</translation>
    </message>
    <message>
        <source>Own hand</source>
        <translation>Sa propre main</translation>
    </message>
    <message>
        <source>An opponent&apos;s hand</source>
        <translation>La main d’un adversaire</translation>
    </message>
    <message>
        <source>During play</source>
        <translation>En cours de jeu</translation>
    </message>
    <message>
        <source>During dealing</source>
        <translation>Pendant la distribution</translation>
    </message>
    <message>
        <source>While building the walls</source>
        <translation>Pendant la construction du mur</translation>
    </message>
    <message>
        <source>Bad conduct</source>
        <translation>Mauvais comportement</translation>
    </message>
    <message>
        <source>Procedure error</source>
        <translation>Erreur de procédure</translation>
    </message>
    <message>
        <source>Disturbance</source>
        <translation>Dérangement</translation>
    </message>
    <message>
        <source>Other</source>
        <translation>Autre</translation>
    </message>
    <message>
        <source>Another offence</source>
        <translation>Une autre faute</translation>
    </message>
</context>
<context>
    <name>App</name>
    <message>
        <source>Damaged database</source>
        <translation>Base de données endommagée</translation>
    </message>
    <message>
        <source>Restored</source>
        <translation>Restauration effectuée</translation>
    </message>
    <message>
        <source>Confirmed rulings missing</source>
        <translation>Décisions confirmées manquantes</translation>
    </message>
    <message>
        <source>Recover them from this tablet&apos;s journal? The damaged files are kept aside; nothing else is changed.</source>
        <translation>Les récupérer depuis le journal de cette tablette&#xa0;? Les fichiers endommagés sont conservés à part&#xa0;; rien d&apos;autre n&apos;est modifié.</translation>
    </message>
    <message>
        <source>Restore the newest good backup and the rulings recorded after it? The damaged files are kept aside.</source>
        <translation>Restaurer la dernière sauvegarde valide et les décisions enregistrées après elle&#xa0;? Les fichiers endommagés sont conservés à part.</translation>
    </message>
    <message>
        <source>Nothing to restore from</source>
        <translation>Rien à restaurer</translation>
    </message>
    <message>
        <source>Cannot open the data folder</source>
        <translation>Impossible d&apos;ouvrir le dossier de données</translation>
    </message>
    <message>
        <source>every setting</source>
        <translation>tous les réglages</translation>
    </message>
    <message>
        <source>language</source>
        <translation>langue</translation>
    </message>
    <message>
        <source>theme</source>
        <translation>thème</translation>
    </message>
    <message>
        <source>referee name</source>
        <translation>nom de l’arbitre</translation>
    </message>
    <message>
        <source>open table</source>
        <translation>table ouverte</translation>
    </message>
    <message>
        <source>backup interval</source>
        <translation>fréquence des sauvegardes</translation>
    </message>
    <message>
        <source>referee PIN</source>
        <translation>code PIN arbitre</translation>
    </message>
    <message>
        <source>return to table mode</source>
        <translation>retour au mode table</translation>
    </message>
    <message>
        <source>full screen</source>
        <translation>plein écran</translation>
    </message>
    <message>
        <source>PIN lockout</source>
        <translation>blocage du code PIN</translation>
    </message>
    <message>
        <source>its version is not one refapp knows</source>
        <translation>sa version est inconnue de refapp</translation>
    </message>
    <message>
        <source>unusable values</source>
        <translation>valeurs inutilisables</translation>
    </message>
    <message>
        <source>The settings file was damaged (%1): reset to defaults: %2.</source>
        <translation>Le fichier des réglages était endommagé (%1)&#xa0;: valeurs par défaut pour&#xa0;: %2.</translation>
    </message>
    <message>
        <source>The settings file was damaged (%1); every setting in it was kept.</source>
        <translation>Le fichier des réglages était endommagé (%1)&#xa0;; tous ses réglages ont été conservés.</translation>
    </message>
    <message>
        <source>The damaged file was kept as %1.</source>
        <translation>Le fichier endommagé a été conservé sous le nom %1.</translation>
    </message>
    <message>
        <source>The referee PIN was kept: the tablet stays locked.</source>
        <translation>Le code PIN arbitre a été conservé&#xa0;: la tablette reste verrouillée.</translation>
    </message>
    <message>
        <source>The referee PIN could not be kept: set a new one in Setup.</source>
        <translation>Le code PIN arbitre n’a pas pu être conservé&#xa0;: définissez-en un nouveau dans Réglages.</translation>
    </message>
    <message>
        <source>Restored from the backup %1; %2 event(s) recovered from the journal, %3 from the damaged database and the other backups.</source>
        <translation>Restauration depuis la sauvegarde %1&#xa0;; %2 événement(s) récupéré(s) depuis le journal, %3 depuis la base de données endommagée et les autres sauvegardes.</translation>
    </message>
    <message>
        <source>Restored from the backup %1; %2 event(s) recovered from the journal.</source>
        <translation>Restauration depuis la sauvegarde %1&#xa0;; %2 événement(s) récupéré(s) depuis le journal.</translation>
    </message>
    <message>
        <source>Rebuilt from the events of the damaged database that are as they were signed (%1) and from the journal (%2).</source>
        <translation>Reconstruction depuis les événements de la base de données endommagée restés tels qu’ils ont été signés (%1) et depuis le journal (%2).</translation>
    </message>
    <message>
        <source>Restored from the database as it was; %1 event(s) recovered from the journal.</source>
        <translation>Restauration depuis la base de données telle qu’elle était&#xa0;; %1 événement(s) récupéré(s) depuis le journal.</translation>
    </message>
    <message>
        <source>%1 event(s) could not be recovered: %2.</source>
        <translation>%1 événement(s) n’ont pas pu être récupéré(s)&#xa0;: %2.</translation>
    </message>
    <message>
        <source>Another device&apos;s events come back with the next sync of the venue&apos;s shared folder.</source>
        <translation>Les événements d’un autre appareil reviendront à la prochaine synchronisation du dossier partagé du tournoi.</translation>
    </message>
    <message>
        <source>The damaged files are kept in %1.</source>
        <translation>Les fichiers endommagés sont conservés dans %1.</translation>
    </message>
    <message>
        <source>The language %1 has no translation file here (translations/refapp_%1.qm): English is shown.</source>
        <translation>La langue %1 n’a pas de fichier de traduction ici (translations/refapp_%1.qm)&#xa0;: l’application s’affiche en anglais.</translation>
    </message>
    <message>
        <source>Rule set skipped: %1</source>
        <translation>Jeu de règles ignoré&#xa0;: %1</translation>
    </message>
    <message>
        <source>refapp is already running</source>
        <translation>refapp est déjà ouvert</translation>
    </message>
    <message>
        <source>Another refapp is running on this data folder (%1) but does not answer. Wait for it or close it, then start refapp again.</source>
        <translation>Un autre refapp est ouvert sur ce dossier de données (%1) mais ne répond pas. Attendez-le ou fermez-le, puis relancez refapp.</translation>
    </message>
    <message>
        <source>The data folder could not be opened (see the message shown).</source>
        <translation>Le dossier de données n’a pas pu être ouvert (voir le message affiché).</translation>
    </message>
    <message>
        <source>What happened is written in the log: %1</source>
        <translation>Ce qui s’est passé est écrit dans le journal des erreurs&#xa0;: %1</translation>
    </message>
    <message>
        <source>Cannot open the table log: %1</source>
        <translation>Impossible d’ouvrir le journal de table&#xa0;: %1</translation>
    </message>
    <message>
        <source>Already open</source>
        <translation>Déjà ouvert</translation>
    </message>
    <message>
        <source>The disk is full</source>
        <translation>Le disque est plein</translation>
    </message>
    <message>
        <source>Read-only data folder</source>
        <translation>Dossier de données en lecture seule</translation>
    </message>
</context>
<context>
    <name>Board</name>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
</context>
<context>
    <name>BoardView</name>
    <message>
        <source>No table yet: open Setup to start a hanchan.</source>
        <translation>Aucune table pour l’instant&#xa0;: ouvrez Réglages pour commencer un hanchan.</translation>
    </message>
    <message>
        <source>No hanchan in progress at table %1: open Setup to start one.</source>
        <translation>Aucun hanchan en cours à la table %1&#xa0;: ouvrez Réglages pour en commencer un.</translation>
    </message>
</context>
<context>
    <name>CallPanel</name>
    <message>
        <source>Call the referee</source>
        <translation>Appeler l&apos;arbitre</translation>
    </message>
    <message>
        <source>Referee called at %1</source>
        <translation>Arbitre appelé à %1</translation>
    </message>
    <message>
        <source>Answered (referee PIN)</source>
        <translation>Appel traité (PIN arbitre)</translation>
    </message>
    <message>
        <source>Answered</source>
        <translation>Appel traité</translation>
    </message>
</context>
<context>
    <name>CentrePanel</name>
    <message numerus="yes">
        <source>%n riichi sticks</source>
        <translation>
            <numerusform>%n bâton de riichi</numerusform>
            <numerusform>%n bâtons de riichi</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n counters</source>
        <translation>
            <numerusform>%n compteur</numerusform>
            <numerusform>%n compteurs</numerusform>
        </translation>
    </message>
    <message>
        <source>Hanchan %1 over</source>
        <translation>Hanchan %1 terminé</translation>
    </message>
    <message>
        <source>Extra round · target&#xa0;%1</source>
        <translation>Tour supplémentaire · objectif&#xa0;%1</translation>
    </message>
    <message>
        <source>Table %1 · hanchan %2 · %3</source>
        <translation>Table %1 · hanchan %2 · %3</translation>
    </message>
</context>
<context>
    <name>Citation</name>
    <message>
        <source>Club rule (%1)</source>
        <translation>Règle du club (%1)</translation>
    </message>
</context>
<context>
    <name>ClockPage</name>
    <message>
        <source>Extra time</source>
        <translation>Temps supplémentaire</translation>
    </message>
    <message>
        <source>Session</source>
        <translation>Session</translation>
    </message>
    <message>
        <source>At time-up</source>
        <translation>À la fin du temps</translation>
    </message>
    <message>
        <source>Start: hour</source>
        <translation>Début&#xa0;: heure</translation>
    </message>
    <message>
        <source>Start: minute</source>
        <translation>Début&#xa0;: minute</translation>
    </message>
    <message>
        <source>Length (minutes)</source>
        <translation>Durée (minutes)</translation>
    </message>
    <message>
        <source>Set the session clock</source>
        <translation>Régler l’horloge de la session</translation>
    </message>
    <message>
        <source>Minutes (− takes back time given by mistake)</source>
        <translation>Minutes (− reprend un temps donné par erreur)</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>Pourquoi</translation>
    </message>
    <message>
        <source>Long ruling</source>
        <translation>Long arbitrage</translation>
    </message>
    <message>
        <source>Referee call</source>
        <translation>Appel à l’arbitre</translation>
    </message>
    <message>
        <source>Tiles rebuilt</source>
        <translation>Mur reconstruit</translation>
    </message>
    <message>
        <source>Late start</source>
        <translation>Début retardé</translation>
    </message>
    <message>
        <source>Correction</source>
        <translation>Correction</translation>
    </message>
    <message>
        <source>Give extra time</source>
        <translation>Donner du temps supplémentaire</translation>
    </message>
    <message>
        <source>The session, for the whole tournament</source>
        <translation>La session, pour tout le tournoi</translation>
    </message>
    <message>
        <source>What happens at time-up</source>
        <translation>Ce qui se passe à la fin du temps</translation>
    </message>
    <message>
        <source>For the whole tournament</source>
        <translation>Pour tout le tournoi</translation>
    </message>
    <message>
        <source>As each hanchan&apos;s rule set says</source>
        <translation>Comme le dit le jeu de règles de chaque hanchan</translation>
    </message>
    <message>
        <source>The hand in play is the last</source>
        <translation>La main en cours est la dernière</translation>
    </message>
    <message>
        <source>The hand in play, then 1 more</source>
        <translation>La main en cours, puis 1 autre</translation>
    </message>
    <message>
        <source>The hand in play, then 2 more</source>
        <translation>La main en cours, puis 2 autres</translation>
    </message>
    <message>
        <source>A chombo in the last hand</source>
        <translation>Un chombo dans la dernière main</translation>
    </message>
    <message>
        <source>ends the hanchan</source>
        <translation>termine le hanchan</translation>
    </message>
    <message>
        <source>is re-dealt</source>
        <translation>est redistribué</translation>
    </message>
    <message>
        <source>Set for the tournament</source>
        <translation>Régler pour le tournoi</translation>
    </message>
    <message>
        <source>Back to the board</source>
        <translation>Retour au plateau</translation>
    </message>
    <message>
        <source>Session clock: no table is open</source>
        <translation>Horloge de session&#xa0;: aucune table n’est ouverte</translation>
    </message>
    <message>
        <source>Session clock: table %1, %2</source>
        <translation>Horloge de session&#xa0;: table %1, %2</translation>
    </message>
    <message>
        <source>%1, set by %2</source>
        <translation>%1, réglée par %2</translation>
    </message>
    <message>
        <source>No clock set for session %1.</source>
        <translation>Aucune horloge réglée pour la session %1.</translation>
    </message>
    <message>
        <source>Extra time for table %1</source>
        <translation>Temps supplémentaire pour la table %1</translation>
    </message>
    <message>
        <source>No hanchan with a session number is in play at this table.</source>
        <translation>Aucun hanchan avec un numéro de session n’est en cours à cette table.</translation>
    </message>
    <message>
        <source>Extra time for table %1 in session %2</source>
        <translation>Temps supplémentaire pour la table %1, session %2</translation>
    </message>
    <message>
        <source>No extra time given.</source>
        <translation>Aucun temps supplémentaire donné.</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1&#xa0;: %2</translation>
    </message>
    <message>
        <source>Session %1 set: %2 to %3.</source>
        <translation>Session %1 réglée&#xa0;: de %2 à %3.</translation>
    </message>
    <message>
        <source>0 minutes changes nothing: choose how many minutes.</source>
        <translation>0 minute ne change rien&#xa0;: choisissez combien de minutes.</translation>
    </message>
    <message>
        <source>Table %1: %2 (%3).</source>
        <translation>Table %1&#xa0;: %2 (%3).</translation>
    </message>
    <message>
        <source>At time-up each hanchan follows its rule set again.</source>
        <translation>À la fin du temps, chaque hanchan suit de nouveau son jeu de règles.</translation>
    </message>
</context>
<context>
    <name>ClockReason</name>
    <message>
        <source>long ruling</source>
        <translation>long arbitrage</translation>
    </message>
    <message>
        <source>referee call</source>
        <translation>appel à l’arbitre</translation>
    </message>
    <message>
        <source>tiles rebuilt</source>
        <translation>mur reconstruit</translation>
    </message>
    <message>
        <source>late start</source>
        <translation>début retardé</translation>
    </message>
    <message>
        <source>correction</source>
        <translation>correction</translation>
    </message>
    <message>
        <source>tournament regulations</source>
        <translation>règlement du tournoi</translation>
    </message>
</context>
<context>
    <name>ClockTexts</name>
    <message>
        <source>Time left</source>
        <translation>Temps restant</translation>
    </message>
    <message>
        <source>Time is up</source>
        <translation>Temps écoulé</translation>
    </message>
    <message>
        <source>This table: until %1</source>
        <translation>Cette table&#xa0;: jusqu’à %1</translation>
    </message>
    <message>
        <source>Set the session clock</source>
        <translation>Régler l’horloge de la session</translation>
    </message>
    <message>
        <source>Session clock</source>
        <translation>Horloge de session</translation>
    </message>
    <message>
        <source>This hand is the last</source>
        <translation>Cette main est la dernière</translation>
    </message>
    <message numerus="yes">
        <source>%n more hand(s) after this one</source>
        <translation>
            <numerusform>Encore %n main après celle-ci</numerusform>
            <numerusform>Encore %n mains après celle-ci</numerusform>
        </translation>
    </message>
    <message>
        <source>The last hand allowed has been played: the hanchan ends</source>
        <translation>La dernière main permise a été jouée&#xa0;: le hanchan se termine</translation>
    </message>
    <message>
        <source>+%1 min</source>
        <translation>+%1 min</translation>
    </message>
    <message>
        <source>−%1 min</source>
        <translation>−%1 min</translation>
    </message>
    <message>
        <source>%1: %2 (%3, %4)</source>
        <translation>%1&#xa0;: %2 (%3, %4)</translation>
    </message>
    <message>
        <source>Session %1: %2 to %3 (%4 min)</source>
        <translation>Session %1&#xa0;: de %2 à %3 (%4 min)</translation>
    </message>
    <message numerus="yes">
        <source>the hand in play is finished, then %n more hand(s)</source>
        <translation>
            <numerusform>la main en cours est terminée, puis encore %n main</numerusform>
            <numerusform>la main en cours est terminée, puis encore %n mains</numerusform>
        </translation>
    </message>
    <message>
        <source>the hand in play is the last</source>
        <translation>la main en cours est la dernière</translation>
    </message>
    <message>
        <source>At time-up: %1.</source>
        <translation>À la fin du temps&#xa0;: %1.</translation>
    </message>
    <message>
        <source>a chombo in the last hand ends the hanchan</source>
        <translation>un chombo dans la dernière main termine le hanchan</translation>
    </message>
    <message>
        <source>a chombo in the last hand is re-dealt</source>
        <translation>un chombo dans la dernière main est redistribué</translation>
    </message>
    <message>
        <source>At time-up: %1; %2.</source>
        <translation>À la fin du temps&#xa0;: %1&#xa0;; %2.</translation>
    </message>
    <message>
        <source>Set by the organiser (%1) for this tournament.</source>
        <translation>Réglée par l’organisateur (%1) pour ce tournoi.</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1&#xa0;: %2</translation>
    </message>
</context>
<context>
    <name>ConfirmBar</name>
    <message>
        <source>Waiting for a confirmation by another player: %1</source>
        <translation>En attente de la confirmation d’un autre joueur&#xa0;: %1</translation>
    </message>
    <message>
        <source>%1 confirms</source>
        <translation>%1 confirme</translation>
    </message>
    <message>
        <source>Referee confirms (PIN)</source>
        <translation>L’arbitre confirme (code PIN)</translation>
    </message>
    <message>
        <source>Referee confirms</source>
        <translation>L’arbitre confirme</translation>
    </message>
</context>
<context>
    <name>ConflictsTab</name>
    <message>
        <source>No conflict: every table was written by one device at a time.</source>
        <translation>Aucun conflit&#xa0;: chaque table a été tenue par un seul appareil à la fois.</translation>
    </message>
    <message numerus="yes">
        <source>Table %1 (%2): %n entry(ies) written by %3, which did not hold the table (%4 did)</source>
        <translation>
            <numerusform>Table %1 (%2)&#xa0;: %n entrée écrite par %3, qui ne tenait pas la table (%4 la tenait)</numerusform>
            <numerusform>Table %1 (%2)&#xa0;: %n entrées écrites par %3, qui ne tenait pas la table (%4 la tenait)</numerusform>
        </translation>
    </message>
    <message>
        <source>Table %1 (%2): entries by %3, written without holding the table, stand</source>
        <translation>Table %1 (%2)&#xa0;: les entrées de %3, écrites sans tenir la table, sont maintenues</translation>
    </message>
    <message>
        <source>Let them stand</source>
        <translation>Les maintenir</translation>
    </message>
    <message>
        <source>Set them aside</source>
        <translation>Les mettre de côté</translation>
    </message>
    <message>
        <source>Let these entries stand?</source>
        <translation>Maintenir ces entrées&#xa0;?</translation>
    </message>
    <message>
        <source>Set these entries aside?</source>
        <translation>Mettre ces entrées de côté&#xa0;?</translation>
    </message>
    <message>
        <source>They join the table, as if their tablet had held it from there.</source>
        <translation>Elles rejoignent la table, comme si leur tablette l&apos;avait tenue à partir de là.</translation>
    </message>
    <message>
        <source>They stay out of the table: kept and shown in the history, never counted.</source>
        <translation>Elles restent hors de la table&#xa0;: conservées et visibles dans l&apos;historique, jamais comptées.</translation>
    </message>
    <message>
        <source>The tablet took the table over without a handover</source>
        <translation>La tablette a repris la table sans passation</translation>
    </message>
    <message>
        <source>They were entered at the wrong table</source>
        <translation>Elles ont été saisies à la mauvaise table</translation>
    </message>
    <message>
        <source>The same hand was entered twice</source>
        <translation>La même main a été saisie deux fois</translation>
    </message>
    <message>
        <source>Device %1 (key %2 %3) wrote two different histories under one name: a data folder copied to a second tablet? The second is refused; take that tablet out of use.</source>
        <translation>L&apos;appareil %1 (clé %2 %3) a écrit deux historiques différents sous un même nom&#xa0;: un dossier de données copié sur une deuxième tablette&#xa0;? Le second est refusé&#xa0;; retirez cette tablette du service.</translation>
    </message>
    <message numerus="yes">
        <source>The key %1 %2 is used by %n device(s): a copied key? Only one may speak for it.</source>
        <translation>
            <numerusform>La clé %1 %2 est utilisée par %n appareil&#xa0;: une clé copiée&#xa0;? Un seul peut parler en son nom.</numerusform>
            <numerusform>La clé %1 %2 est utilisée par %n appareils&#xa0;: une clé copiée&#xa0;? Un seul peut parler en son nom.</numerusform>
        </translation>
    </message>
    <message>
        <source>This device</source>
        <translation>Cet appareil</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n event(s) here</source>
        <translation>
            <numerusform>%1&#xa0;: %n événement ici</numerusform>
            <numerusform>%1&#xa0;: %n événements ici</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n held</source>
        <translation>
            <numerusform>%n en attente</numerusform>
            <numerusform>%n en attente</numerusform>
        </translation>
    </message>
    <message>
        <source>speaks for the key</source>
        <translation>parle au nom de la clé</translation>
    </message>
    <message>
        <source>refused</source>
        <translation>refusé</translation>
    </message>
    <message>
        <source>Keep this device for the key?</source>
        <translation>Garder cet appareil pour la clé&#xa0;?</translation>
    </message>
    <message>
        <source>Only this device speaks for the key from now on; nothing more of the other is merged.</source>
        <translation>Désormais seul cet appareil parle au nom de la clé&#xa0;; plus rien de l&apos;autre n&apos;est fusionné.</translation>
    </message>
    <message>
        <source>The tablet was set up again with its key</source>
        <translation>La tablette a été réinstallée avec sa clé</translation>
    </message>
    <message>
        <source>The other one is a copy</source>
        <translation>L&apos;autre est une copie</translation>
    </message>
    <message>
        <source>Let stand by %1 (%2) at %3: %4</source>
        <translation>Maintenues par %1 (%2) à %3&#xa0;: %4</translation>
    </message>
    <message>
        <source>Set aside by %1 (%2) at %3: %4</source>
        <translation>Mises de côté par %1 (%2) à %3&#xa0;: %4</translation>
    </message>
    <message>
        <source>the table&apos;s start</source>
        <translation>le début de la table</translation>
    </message>
    <message>
        <source>Table %1 (%2): two devices wrote it after %3</source>
        <translation>Table %1 (%2)&#xa0;: deux appareils l&apos;ont tenue après %3</translation>
    </message>
    <message>
        <source>Two resolutions disagree: keep one branch again.</source>
        <translation>Deux décisions se contredisent&#xa0;: gardez de nouveau une branche.</translation>
    </message>
    <message>
        <source>Keep this one</source>
        <translation>Garder celle-ci</translation>
    </message>
    <message>
        <source>Settled by %1 (%2) at %3: %4</source>
        <translation>Tranché par %1 (%2) à %3&#xa0;: %4</translation>
    </message>
    <message numerus="yes">
        <source>Branch %1: %n entry(ies) by %2</source>
        <translation>
            <numerusform>Branche %1&#xa0;: %n saisie par %2</numerusform>
            <numerusform>Branche %1&#xa0;: %n saisies par %2</numerusform>
        </translation>
    </message>
    <message>
        <source>first: %1</source>
        <translation>première&#xa0;: %1</translation>
    </message>
    <message>
        <source>last: %1</source>
        <translation>dernière&#xa0;: %1</translation>
    </message>
    <message>
        <source>SET ASIDE</source>
        <translation>MISE DE CÔTÉ</translation>
    </message>
</context>
<context>
    <name>Controller</name>
    <message>
        <source>The database is damaged (%1). Nothing more can be recorded on this tablet. Quit refapp and start it again: it will offer to restore the newest good backup and the rulings recorded after it (the damaged file is kept aside).</source>
        <translation>La base de données est endommagée (%1). Plus rien ne peut être enregistré sur cette tablette. Quittez refapp et relancez-le&#xa0;: il proposera de restaurer la dernière sauvegarde saine et les décisions enregistrées après elle (le fichier endommagé est mis de côté).</translation>
    </message>
    <message>
        <source>The automatic backup failed (%1); play goes on and the next backup will be tried.</source>
        <translation>La sauvegarde automatique a échoué (%1)&#xa0;; le jeu continue et la prochaine sauvegarde sera tentée.</translation>
    </message>
    <message>
        <source>See the log: %1</source>
        <translation>Voir le journal des erreurs&#xa0;: %1</translation>
    </message>
    <message>
        <source>Settings not saved: %1</source>
        <translation>Réglages non enregistrés&#xa0;: %1</translation>
    </message>
</context>
<context>
    <name>CountWords</name>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n avertissement</numerusform>
            <numerusform>%n avertissements</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n dead hand(s)</source>
        <translation>
            <numerusform>%n main morte</numerusform>
            <numerusform>%n mains mortes</numerusform>
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
            <numerusform>%n pénalité</numerusform>
            <numerusform>%n pénalités</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n ladder step(s)</source>
        <translation>
            <numerusform>%n échelon</numerusform>
            <numerusform>%n échelons</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n other incident(s)</source>
        <translation>
            <numerusform>%n autre incident</numerusform>
            <numerusform>%n autres incidents</numerusform>
        </translation>
    </message>
    <message>
        <source>No incident</source>
        <translation>Aucun incident</translation>
    </message>
    <message numerus="yes">
        <source>%n voided or set aside, not counted</source>
        <translation>
            <numerusform>%n annulé ou écarté, non compté</numerusform>
            <numerusform>%n annulés ou écartés, non comptés</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n player(s)</source>
        <translation>
            <numerusform>%n joueur</numerusform>
            <numerusform>%n joueurs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n with incidents</source>
        <translation>
            <numerusform>%n avec incidents</numerusform>
            <numerusform>%n avec incidents</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Describe</name>
    <message>
        <source>mangan</source>
        <translation>mangan</translation>
    </message>
    <message>
        <source>haneman</source>
        <translation>haneman</translation>
    </message>
    <message>
        <source>baiman</source>
        <translation>baiman</translation>
    </message>
    <message>
        <source>sanbaiman</source>
        <translation>sanbaiman</translation>
    </message>
    <message>
        <source>yakuman</source>
        <translation>yakuman</translation>
    </message>
    <message>
        <source>%1× yakuman</source>
        <translation>yakuman ×%1</translation>
    </message>
    <message>
        <source>%1 points each, %2 from the dealer</source>
        <translation>%1 points chacun, %2 du donneur</translation>
    </message>
    <message>
        <source>%1 points each</source>
        <translation>%1 points chacun</translation>
    </message>
    <message>
        <source>%1 points</source>
        <translation>%1 points</translation>
    </message>
    <message>
        <source>%1 han %2 fu</source>
        <translation>%1 han %2 fu</translation>
    </message>
    <message>
        <source>%1 han</source>
        <translation>%1 han</translation>
    </message>
    <message>
        <source>, %1 liable (pao)</source>
        <translation>, %1 responsable (pao)</translation>
    </message>
    <message>
        <source>Tsumo: %1, %2</source>
        <translation>Tsumo&#xa0;: %1, %2</translation>
    </message>
    <message>
        <source>Ron: %1 from %2, %3</source>
        <translation>Ron&#xa0;: %1 sur l’écart de %2, %3</translation>
    </message>
    <message>
        <source>; %1 bumped (head bump), receives nothing</source>
        <translation>&#xa0;; %1&#xa0;: atamahane, ne reçoit rien</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Ron: %1 from %2</source>
        <translation>Ron&#xa0;: %1 sur l’écart de %2</translation>
    </message>
    <message>
        <source> and </source>
        <translation> et </translation>
    </message>
    <message>
        <source>nine terminals</source>
        <translation>neuf terminales</translation>
    </message>
    <message>
        <source>four winds</source>
        <translation>quatre vents</translation>
    </message>
    <message>
        <source>four riichi</source>
        <translation>quatre riichi</translation>
    </message>
    <message>
        <source>four kans</source>
        <translation>quatre kongs</translation>
    </message>
    <message>
        <source>triple ron</source>
        <translation>triple ron</translation>
    </message>
    <message>
        <source>Abortive draw: %1</source>
        <translation>Partie avortée&#xa0;: %1</translation>
    </message>
    <message>
        <source>Abortive draw</source>
        <translation>Partie avortée</translation>
    </message>
    <message>
        <source>Exhaustive draw: all noten</source>
        <translation>Partie du mur&#xa0;: tous noten</translation>
    </message>
    <message>
        <source>Exhaustive draw: all tenpai</source>
        <translation>Partie du mur&#xa0;: tous tenpai</translation>
    </message>
    <message>
        <source>Exhaustive draw: tenpai %1</source>
        <translation>Partie du mur&#xa0;: tenpai %1</translation>
    </message>
    <message>
        <source>; nagashi mangan: %1</source>
        <translation>&#xa0;; nagashi mangan&#xa0;: %1</translation>
    </message>
    <message>
        <source>%1: %2 (%3)</source>
        <translation>%1&#xa0;: %2 (%3)</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1&#xa0;: %2</translation>
    </message>
    <message>
        <source>Ruling: %1</source>
        <translation>Décision&#xa0;: %1</translation>
    </message>
    <message>
        <source>Riichi: %1</source>
        <translation>Riichi&#xa0;: %1</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <comment>a ruling and its amount</comment>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>Saisie défaite</translation>
    </message>
    <message>
        <source>Undo of %1</source>
        <translation>saisie défaite (%1)</translation>
    </message>
    <message>
        <source>Start of hanchan %1: %2</source>
        <translation>Début du hanchan %1&#xa0;: %2</translation>
    </message>
    <message>
        <source>Start of the hanchan: %1</source>
        <translation>Début du hanchan&#xa0;: %1</translation>
    </message>
    <message>
        <source>End of the hanchan</source>
        <translation>Fin du hanchan</translation>
    </message>
    <message>
        <source>An entry</source>
        <translation>Une saisie</translation>
    </message>
</context>
<context>
    <name>DetailPage</name>
    <message>
        <source>Back to the list</source>
        <translation>Retour à la liste</translation>
    </message>
    <message>
        <source>Seat %1</source>
        <translation>Place %1</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>Warning number %1 for this player.</source>
        <translation>Avertissement n°&#xa0;%1 pour ce joueur.</translation>
    </message>
    <message>
        <source>Voided by a simultaneous win.</source>
        <translation>Annulé par une victoire simultanée.</translation>
    </message>
    <message>
        <source>When: %1</source>
        <translation>Quand&#xa0;: %1</translation>
    </message>
    <message>
        <source>Where: table %1, hanchan %2, %3, counters: %4</source>
        <translation>Où&#xa0;: table %1, hanchan %2, %3, compteurs&#xa0;: %4</translation>
    </message>
    <message>
        <source>Entered by: %1</source>
        <translation>Saisi par&#xa0;: %1</translation>
    </message>
    <message>
        <source>Rule set: %1</source>
        <translation>Règlement&#xa0;: %1</translation>
    </message>
    <message>
        <source>Note: %1</source>
        <translation>Note&#xa0;: %1</translation>
    </message>
    <message>
        <source>VOIDED on %1 by %2: %3</source>
        <translation>ANNULÉ le %1 par %2&#xa0;: %3</translation>
    </message>
    <message>
        <source>VOIDED</source>
        <translation>ANNULÉ</translation>
    </message>
    <message>
        <source>SET ASIDE on %1 by %2 (a conflict between devices): %3</source>
        <translation>MIS DE CÔTÉ le %1 par %2 (un conflit entre appareils)&#xa0;: %3</translation>
    </message>
    <message>
        <source>overall score</source>
        <translation>score global</translation>
    </message>
    <message>
        <source>table score</source>
        <translation>score à la table</translation>
    </message>
    <message>
        <source>%1 — %2 (%3)</source>
        <translation>%1 — %2 (%3)</translation>
    </message>
    <message>
        <source>from the overall score</source>
        <translation>retirés du score global</translation>
    </message>
    <message>
        <source>from the hanchan result, after uma</source>
        <translation>retirés du résultat du hanchan, après uma</translation>
    </message>
    <message>
        <source>%1 — %2 %3</source>
        <translation>%1 — %2 %3</translation>
    </message>
    <message>
        <source>Warnings at other tables counted in it (as recorded when it was entered): %1.</source>
        <translation>Avertissements à d&apos;autres tables comptés avec lui (tels qu&apos;enregistrés à la saisie)&#xa0;: %1.</translation>
    </message>
    <message>
        <source>Call offence number %1 for this player, %2 of them at other tables (as recorded when it was entered).</source>
        <translation>Faute d&apos;annonce n°&#xa0;%1 pour ce joueur, dont %2 à d&apos;autres tables (telles qu&apos;enregistrées à la saisie).</translation>
    </message>
    <message>
        <source>Answers:</source>
        <translation>Réponses&#xa0;:</translation>
    </message>
    <message>
        <source>Hand: %1</source>
        <translation>Main&#xa0;: %1</translation>
    </message>
    <message>
        <source>No points moved.</source>
        <translation>Aucun mouvement de points.</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>Joueur</translation>
    </message>
    <message>
        <source>Table score</source>
        <translation>Score à la table</translation>
    </message>
    <message>
        <source>Overall score</source>
        <translation>Score global</translation>
    </message>
    <message>
        <source>Other</source>
        <translation>Autre</translation>
    </message>
    <message>
        <source>%1 points left the table (given to nobody).</source>
        <translation>%1 points ont quitté la table (donnés à personne).</translation>
    </message>
    <message>
        <source>%1 table points left the table (given to nobody).</source>
        <translation>%1 points à la table ont quitté la table (donnés à personne).</translation>
    </message>
    <message>
        <source>Riichi sticks on the table: %1 → %2</source>
        <translation>Bâtons de riichi sur la table&#xa0;: %1 → %2</translation>
    </message>
    <message>
        <source>Riichi bets returned: %1</source>
        <translation>Mises de riichi rendues&#xa0;: %1</translation>
    </message>
    <message>
        <source>Counters: %1 → %2</source>
        <translation>Compteurs&#xa0;: %1 → %2</translation>
    </message>
    <message>
        <source>Dealer: %1 → %2</source>
        <translation>Donneur&#xa0;: %1 → %2</translation>
    </message>
    <message>
        <source>Dealer: %1 (stays)</source>
        <translation>Donneur&#xa0;: %1 (inchangé)</translation>
    </message>
    <message>
        <source>The same hand was re-dealt.</source>
        <translation>La main a été redistribuée.</translation>
    </message>
    <message>
        <source>The hanchan ended.</source>
        <translation>Le hanchan est terminé.</translation>
    </message>
    <message>
        <source>Next: %1</source>
        <translation>Main suivante&#xa0;: %1</translation>
    </message>
</context>
<context>
    <name>DevicesTab</name>
    <message>
        <source>Trust a device by its fingerprint (typed)</source>
        <translation>Faire confiance à un appareil par son empreinte (saisie)</translation>
    </message>
    <message>
        <source>This device</source>
        <translation>Cet appareil</translation>
    </message>
    <message>
        <source>(no name)</source>
        <translation>(sans nom)</translation>
    </message>
    <message numerus="yes">
        <source>%n event(s) here</source>
        <translation>
            <numerusform>%n événement ici</numerusform>
            <numerusform>%n événements ici</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n held</source>
        <translation>
            <numerusform>%n en attente</numerusform>
            <numerusform>%n en attente</numerusform>
        </translation>
    </message>
    <message>
        <source>table(s) %1</source>
        <translation>table(s) %1</translation>
    </message>
    <message>
        <source>newest %1 · read %2</source>
        <translation>dernier %1 · lu %2</translation>
    </message>
    <message>
        <source>Refused: %1</source>
        <translation>Refusé&#xa0;: %1</translation>
    </message>
    <message>
        <source>Table %1</source>
        <translation>Table %1</translation>
    </message>
    <message>
        <source>Trust</source>
        <translation>Faire confiance</translation>
    </message>
    <message>
        <source>Trust as the head referee&apos;s device</source>
        <translation>Faire confiance comme appareil de l&apos;arbitre principal</translation>
    </message>
    <message>
        <source>Head referee</source>
        <translation>Arbitre principal</translation>
    </message>
    <message>
        <source>Stop trusting</source>
        <translation>Retirer la confiance</translation>
    </message>
</context>
<context>
    <name>Failure</name>
    <message>
        <source>refapp met a problem it did not expect. What was stored is kept; go on, or start again.</source>
        <translation>refapp a rencontré un problème imprévu. Ce qui a été enregistré est conservé&#xa0;; continuez, ou relancez refapp.</translation>
    </message>
    <message>
        <source>refapp met a problem it did not expect. What was stored is kept; go on, or start again. What happened is written in the log: %1</source>
        <translation>refapp a rencontré un problème imprévu. Ce qui a été enregistré est conservé&#xa0;; continuez, ou relancez refapp. Ce qui s’est passé est écrit dans le journal des erreurs&#xa0;: %1</translation>
    </message>
    <message>
        <source>Something went wrong</source>
        <translation>Un problème est survenu</translation>
    </message>
</context>
<context>
    <name>FilterBar</name>
    <message>
        <source>All tables</source>
        <translation>Toutes les tables</translation>
    </message>
    <message>
        <source>Any time</source>
        <translation>Toute période</translation>
    </message>
    <message>
        <source>Last hour</source>
        <translation>Dernière heure</translation>
    </message>
    <message>
        <source>Today</source>
        <translation>Aujourd&apos;hui</translation>
    </message>
    <message>
        <source>Show voided</source>
        <translation>Voir annulés</translation>
    </message>
    <message>
        <source>Search: offence, player, word</source>
        <translation>Recherche&#xa0;: faute, joueur, mot</translation>
    </message>
    <message>
        <source>Clear the search</source>
        <translation>Effacer la recherche</translation>
    </message>
    <message>
        <source>Finds the incidents whose offence (its name or another word for it, English or French), ruling, section number, player, note or statements hold every word typed.</source>
        <translation>Trouve les incidents dont la faute (son nom ou un autre mot pour la dire, en français ou en anglais), la décision, le numéro d’article, le joueur, la note ou les déclarations contiennent chaque mot tapé.</translation>
    </message>
    <message>
        <source>This table (%1)</source>
        <translation>Cette table (%1)</translation>
    </message>
    <message>
        <source>This table</source>
        <translation>Cette table</translation>
    </message>
    <message>
        <source>Table %1</source>
        <translation>Table %1</translation>
    </message>
    <message>
        <source>Other table…</source>
        <translation>Autre table…</translation>
    </message>
    <message>
        <source>Player: %1</source>
        <translation>Joueur&#xa0;: %1</translation>
    </message>
    <message>
        <source>Player: all</source>
        <translation>Joueur&#xa0;: tous</translation>
    </message>
    <message>
        <source>Offence: %1</source>
        <translation>Faute&#xa0;: %1</translation>
    </message>
    <message>
        <source>Offence: all</source>
        <translation>Faute&#xa0;: toutes</translation>
    </message>
</context>
<context>
    <name>Group</name>
    <message>
        <source>Winning declarations</source>
        <translation>Déclarations de victoire</translation>
    </message>
    <message>
        <source>Riichi</source>
        <translation>Riichi</translation>
    </message>
    <message>
        <source>Calls and melds</source>
        <translation>Appels et groupes exposés</translation>
    </message>
    <message>
        <source>Tiles</source>
        <translation>Tuiles</translation>
    </message>
    <message>
        <source>Draw and liability</source>
        <translation>Partie du mur et responsabilité</translation>
    </message>
    <message>
        <source>Conduct</source>
        <translation>Comportement</translation>
    </message>
    <message>
        <source>Attendance</source>
        <translation>Présence</translation>
    </message>
    <message>
        <source>Generic</source>
        <translation>Général</translation>
    </message>
</context>
<context>
    <name>HandCheckView</name>
    <message>
        <source>Tap the tile just drawn.</source>
        <translation>Touchez la tuile qui vient d’être piochée.</translation>
    </message>
    <message>
        <source>Tap the tile of the kan (the drawn tile, unless the player konged another).</source>
        <translation>Touchez la tuile du kong (la tuile piochée, sauf si le joueur a fait un kong d’une autre).</translation>
    </message>
    <message>
        <source>Tap the winning tile (in the hand row or below).</source>
        <translation>Touchez la tuile gagnante (dans la main ou en dessous).</translation>
    </message>
    <message>
        <source>Waits</source>
        <translation>Attentes</translation>
    </message>
    <message>
        <source>Record noten riichi for %1</source>
        <translation>Enregistrer un noten riichi pour %1</translation>
    </message>
    <message>
        <source>Record invalid kan after riichi for %1</source>
        <translation>Enregistrer un kong invalide après riichi pour %1</translation>
    </message>
    <message>
        <source>Record invalid win (hand revealed) for %1</source>
        <translation>Enregistrer une victoire invalide (main révélée) pour %1</translation>
    </message>
    <message>
        <source>Enter this win in Hand result</source>
        <translation>Saisir cette victoire dans Résultat de la main</translation>
    </message>
    <message>
        <source>Kan after riichi</source>
        <translation>Kong après riichi</translation>
    </message>
    <message>
        <source>Win</source>
        <translation>Victoire</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>Retour</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <source>Drawn tile</source>
        <translation>Tuile piochée</translation>
    </message>
    <message>
        <source>Kan of</source>
        <translation>Kong de</translation>
    </message>
    <message>
        <source>Winning tile</source>
        <translation>Tuile gagnante</translation>
    </message>
    <message>
        <source>Tsumo</source>
        <translation>Tsumo</translation>
    </message>
    <message>
        <source>Riichi</source>
        <translation>Riichi</translation>
    </message>
    <message>
        <source>Hand check</source>
        <translation>Contrôle de main</translation>
    </message>
    <message>
        <source>Hand check — %1</source>
        <translation>Contrôle de main — %1</translation>
    </message>
    <message>
        <source>riichi declared</source>
        <translation>riichi déclaré</translation>
    </message>
    <message>
        <source>Rule: the waits must not change, and the three tiles must only be readable as a pung.</source>
        <translation>Règle&#xa0;: les attentes ne doivent pas changer, et les trois tuiles ne doivent se lire qu’en pung.</translation>
    </message>
    <message>
        <source>Rule: the waits must not change.</source>
        <translation>Règle&#xa0;: les attentes ne doivent pas changer.</translation>
    </message>
    <message>
        <source>Seat wind %1, round wind %2, counters: %3.</source>
        <translation>Vent de place %1, vent de tour %2, compteurs&#xa0;: %3.</translation>
    </message>
</context>
<context>
    <name>HandResultFlow</name>
    <message>
        <source>The hanchan is over: start the next hanchan first.</source>
        <translation>Le hanchan est terminé&#xa0;: commencez d’abord le hanchan suivant.</translation>
    </message>
    <message>
        <source>This rule set has no abortive draws.</source>
        <translation>Ce règlement n’a pas de parties avortées.</translation>
    </message>
    <message>
        <source>The rule set does not allow this hand result: check the winners and values.</source>
        <translation>Le règlement n’accepte pas ce résultat&#xa0;: vérifiez les gagnants et les valeurs.</translation>
    </message>
    <message>
        <source>Hand result</source>
        <translation>Résultat de la main</translation>
    </message>
</context>
<context>
    <name>HandResultPanel</name>
    <message>
        <source>%1 won: %1 cannot also be the discarder. Tap the discarder.</source>
        <translation>%1 a gagné&#xa0;: %1 ne peut pas être aussi le joueur ayant écarté. Touchez le joueur ayant écarté.</translation>
    </message>
    <message>
        <source>%1 discarded: %1 cannot also be a winner. Tap the winner.</source>
        <translation>%1 a écarté&#xa0;: %1 ne peut pas être aussi un gagnant. Touchez le gagnant.</translation>
    </message>
    <message>
        <source>Head bump: only the first player from the discarder&apos;s right wins.</source>
        <translation>Atamahane&#xa0;: seul le premier joueur à la droite du joueur ayant écarté gagne.</translation>
    </message>
    <message>
        <source>Head bump: %1 wins, the first from %2&apos;s right.</source>
        <translation>Atamahane&#xa0;: %1 gagne, le premier à la droite de %2.</translation>
    </message>
    <message>
        <source>%1 is bumped: no value is asked.</source>
        <translation>%1 perd l’atamahane&#xa0;: aucune valeur n’est demandée.</translation>
    </message>
    <message>
        <source>Tap the winner and the discarder.</source>
        <translation>Touchez le gagnant et le joueur ayant écarté.</translation>
    </message>
    <message>
        <source>Tap the winner.</source>
        <translation>Touchez le gagnant.</translation>
    </message>
    <message>
        <source>Multiple ron: tap the other player who called ron (or take back Multiple ron).</source>
        <translation>Ron multiple&#xa0;: touchez l’autre joueur qui a annoncé ron (ou retirez Ron multiple).</translation>
    </message>
    <message>
        <source>Tap the discarder.</source>
        <translation>Touchez le joueur ayant écarté.</translation>
    </message>
    <message>
        <source>Choose why the hand was aborted.</source>
        <translation>Choisissez pourquoi la main est avortée.</translation>
    </message>
    <message>
        <source>%1 declared riichi and is marked noten: rule a noten riichi, or record as noten.</source>
        <translation>%1 a déclaré riichi et est noté noten&#xa0;: jugez un noten riichi, ou enregistrez-le noten.</translation>
    </message>
    <message>
        <source>Hand result</source>
        <translation>Résultat de la main</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <source>Preview</source>
        <translation>Aperçu</translation>
    </message>
    <message>
        <source>Ron</source>
        <translation>Ron</translation>
    </message>
    <message>
        <source>Tsumo</source>
        <translation>Tsumo</translation>
    </message>
    <message>
        <source>Exhaustive draw</source>
        <translation>Partie du mur</translation>
    </message>
    <message>
        <source>Abortive draw</source>
        <translation>Partie avortée</translation>
    </message>
    <message>
        <source>Discarder</source>
        <translation>Joueur ayant écarté</translation>
    </message>
    <message>
        <source>Multiple ron</source>
        <translation>Ron multiple</translation>
    </message>
    <message>
        <source>The value of the winner&apos;s hand is asked here once the winner is tapped.</source>
        <translation>La valeur de la main du gagnant est demandée ici, une fois le gagnant touché.</translation>
    </message>
    <message>
        <source>Nagashi mangan (paid as a mangan tsumo, instead of the noten payments)</source>
        <translation>Nagashi mangan (payé comme un tsumo mangan, à la place du payement noten)</translation>
    </message>
    <message>
        <source>%1 declared riichi and is marked noten: a noten riichi?</source>
        <translation>%1 a déclaré riichi et est noté noten&#xa0;: un noten riichi&#xa0;?</translation>
    </message>
    <message>
        <source>Rule a noten riichi</source>
        <translation>Juger un noten riichi</translation>
    </message>
    <message>
        <source>Record as noten</source>
        <translation>Enregistrer noten</translation>
    </message>
    <message>
        <source>Nine terminals</source>
        <translation>Neuf terminales</translation>
    </message>
    <message>
        <source>Four winds</source>
        <translation>Quatre vents</translation>
    </message>
    <message>
        <source>Four riichi</source>
        <translation>Quatre riichi</translation>
    </message>
    <message>
        <source>Four kans</source>
        <translation>Quatre kongs</translation>
    </message>
    <message>
        <source>Triple ron</source>
        <translation>Triple ron</translation>
    </message>
    <message>
        <source>Winner</source>
        <translation>Gagnant</translation>
    </message>
    <message>
        <source>Tenpai players (a dead hand is always noten)</source>
        <translation>Joueurs tenpai (une main morte est toujours noten)</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>Motif</translation>
    </message>
</context>
<context>
    <name>HandVerdicts</name>
    <message>
        <source>No table is open.</source>
        <translation>Aucune table n’est ouverte.</translation>
    </message>
    <message>
        <source>Finish the chi (or tap it to take it back).</source>
        <translation>Terminez le chow (ou touchez-le pour le retirer).</translation>
    </message>
    <message>
        <source>%1: concealed tiles needed with these sets: %2; in the hand: %3.</source>
        <translation>%1&#xa0;: tuiles cachées nécessaires avec ces groupes&#xa0;: %2&#xa0;; dans la main&#xa0;: %3.</translation>
    </message>
    <message>
        <source>%1 is not an offence of this rule set.</source>
        <translation>%1 n’est pas une faute de ce règlement.</translation>
    </message>
    <message>
        <source>The waits check</source>
        <translation>Le contrôle des attentes</translation>
    </message>
    <message>
        <source>Tenpai: waits %1</source>
        <translation>Tenpai&#xa0;: attentes %1</translation>
    </message>
    <message>
        <source>Waits</source>
        <translation>Attentes</translation>
    </message>
    <message>
        <source>%1 not counted: the player holds all four (EMA §3.3.13).</source>
        <translation>%1 non comptée&#xa0;: le joueur détient les quatre (EMA §3.3.13).</translation>
    </message>
    <message>
        <source>Noten</source>
        <translation>Noten</translation>
    </message>
    <message>
        <source>Waits only on %1, and the player holds all four: not tenpai (EMA §3.3.13).</source>
        <translation>Attend seulement %1, dont le joueur détient les quatre&#xa0;: pas tenpai (EMA §3.3.13).</translation>
    </message>
    <message>
        <source>Shanten %1: not tenpai.</source>
        <translation>Shanten %1&#xa0;: pas tenpai.</translation>
    </message>
    <message>
        <source>%1 has declared riichi: a noten riichi.</source>
        <translation>%1 a déclaré riichi&#xa0;: c’est un noten riichi.</translation>
    </message>
    <message>
        <source>A riichi hand has no called sets: take them back to check a kan.</source>
        <translation>Une main en riichi n’a pas de groupe appelé&#xa0;: retirez-les pour contrôler un kong.</translation>
    </message>
    <message>
        <source>The riichi hand</source>
        <translation>La main en riichi</translation>
    </message>
    <message>
        <source>Tap “Drawn tile”, then the tile just drawn.</source>
        <translation>Touchez «&#xa0;Tuile piochée&#xa0;», puis la tuile qui vient d’être piochée.</translation>
    </message>
    <message>
        <source>none</source>
        <translation>aucune</translation>
    </message>
    <message>
        <source>Waits before the kan</source>
        <translation>Attentes avant le kong</translation>
    </message>
    <message>
        <source>After the kan</source>
        <translation>Après le kong</translation>
    </message>
    <message>
        <source>Valid: the kan keeps the waits (%1) and the three %2 can only be read as a pung.</source>
        <translation>Valide&#xa0;: le kong garde les attentes (%1) et les trois %2 ne peuvent se lire qu’en pung.</translation>
    </message>
    <message>
        <source>Valid: the kan keeps the waits (%1).</source>
        <translation>Valide&#xa0;: le kong garde les attentes (%1).</translation>
    </message>
    <message>
        <source>INVALID: only the tile just drawn may be konged after riichi (drew %1, kan of %2).</source>
        <translation>INVALIDE&#xa0;: après riichi, seule la tuile piochée peut faire un kong (pioché %1, kong de %2).</translation>
    </message>
    <message>
        <source>INVALID: the riichi hand holds no concealed pung of %1.</source>
        <translation>INVALIDE&#xa0;: la main en riichi n’a pas de pung caché de %1.</translation>
    </message>
    <message>
        <source>INVALID: the riichi hand was not tenpai: a noten riichi.</source>
        <translation>INVALIDE&#xa0;: la main en riichi n’était pas tenpai&#xa0;: noten riichi.</translation>
    </message>
    <message>
        <source>INVALID: the kan changes the waits (before %1, after %2).</source>
        <translation>INVALIDE&#xa0;: le kong change les attentes (avant %1, après %2).</translation>
    </message>
    <message>
        <source>INVALID: %1 is one of the waits (%2): the kan puts all four away.</source>
        <translation>INVALIDE&#xa0;: %1 fait partie des attentes (%2)&#xa0;: le kong retire les quatre.</translation>
    </message>
    <message>
        <source>INVALID: the three %1 can be read otherwise than as a pung.</source>
        <translation>INVALIDE&#xa0;: les trois %1 peuvent se lire autrement qu’en pung.</translation>
    </message>
    <message>
        <source>Another reading: %1 + %2 waiting on %3.</source>
        <translation>Autre lecture&#xa0;: %1 + %2 en attente de %3.</translation>
    </message>
    <message>
        <source>%1 has not declared riichi.</source>
        <translation>%1 n’a pas déclaré riichi.</translation>
    </message>
    <message>
        <source>A winning hand</source>
        <translation>Une main gagnante</translation>
    </message>
    <message>
        <source>Yaku: %1</source>
        <translation>Yaku&#xa0;: %1</translation>
    </message>
    <message>
        <source>Valid win: %1</source>
        <translation>Victoire valide&#xa0;: %1</translation>
    </message>
    <message>
        <source>Valid win: %1 han %2 fu</source>
        <translation>Victoire valide&#xa0;: %1 han %2 fu</translation>
    </message>
    <message>
        <source>Dora are not counted here.</source>
        <translation>Les dora ne sont pas comptés ici.</translation>
    </message>
    <message>
        <source>INVALID: not a winning hand (four sets and a pair, seven pairs or thirteen orphans).</source>
        <translation>INVALIDE&#xa0;: pas une main gagnante (quatre groupes et une paire, sept paires ou treize orphelins).</translation>
    </message>
    <message>
        <source>INVALID: the hand has no yaku (dora do not count).</source>
        <translation>INVALIDE&#xa0;: la main n’a pas de yaku (les dora ne comptent pas).</translation>
    </message>
    <message>
        <source>INVALID: riichi declared with an open hand.</source>
        <translation>INVALIDE&#xa0;: riichi déclaré avec une main ouverte.</translation>
    </message>
    <message>
        <source>INVALID: at %1 counters a win needs two yaku; this hand has %2.</source>
        <translation>INVALIDE&#xa0;: avec %1 compteurs, une victoire demande deux yaku&#xa0;; cette main en a %2.</translation>
    </message>
    <message>
        <source>Ron: %1</source>
        <translation>Ron&#xa0;: %1</translation>
    </message>
    <message>
        <source>Tsumo: %1 from each</source>
        <translation>Tsumo&#xa0;: %1 de chacun</translation>
    </message>
    <message>
        <source>Tsumo: %1 from the dealer, %2 from the others</source>
        <translation>Tsumo&#xa0;: %1 du donneur, %2 des autres</translation>
    </message>
</context>
<context>
    <name>HandWords</name>
    <message>
        <source>%1 points entered</source>
        <translation>%1 points saisis</translation>
    </message>
    <message>
        <source>%1 han %2 fu</source>
        <translation>%1 han %2 fu</translation>
    </message>
    <message>
        <source>%1 han</source>
        <translation>%1 han</translation>
    </message>
    <message numerus="yes">
        <source>%n counter(s)</source>
        <translation>
            <numerusform>%n compteur</numerusform>
            <numerusform>%n compteurs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n riichi stick(s)</source>
        <translation>
            <numerusform>%n bâton de riichi</numerusform>
            <numerusform>%n bâtons de riichi</numerusform>
        </translation>
    </message>
    <message>
        <source>Ron: %1 from %2, %3</source>
        <translation>Ron&#xa0;: %1 sur l’écart de %2, %3</translation>
    </message>
    <message>
        <source>%1 (dealer)</source>
        <translation>%1 (donneur)</translation>
    </message>
    <message>
        <source>Tsumo: %1, %2</source>
        <translation>Tsumo&#xa0;: %1, %2</translation>
    </message>
    <message>
        <source>Abortive draw: %1.</source>
        <translation>Partie avortée&#xa0;: %1.</translation>
    </message>
    <message>
        <source>Exhaustive draw: all noten.</source>
        <translation>Partie du mur&#xa0;: tous noten.</translation>
    </message>
    <message>
        <source>Exhaustive draw: all tenpai.</source>
        <translation>Partie du mur&#xa0;: tous tenpai.</translation>
    </message>
    <message>
        <source>Exhaustive draw: tenpai %1; noten %2.</source>
        <translation>Partie du mur&#xa0;: tenpai %1&#xa0;; noten %2.</translation>
    </message>
    <message>
        <source>Noten payment: %1 each from %2; %3 each to %4.</source>
        <translation>Payement noten&#xa0;: %1 chacun de %2&#xa0;; %3 chacun à %4.</translation>
    </message>
    <message>
        <source>%1 from %2</source>
        <translation>%1 de %2</translation>
    </message>
    <message>
        <source>Nagashi mangan: %1, paid as a mangan tsumo: %2 = %3.</source>
        <translation>Nagashi mangan&#xa0;: %1, payé comme un tsumo mangan&#xa0;: %2 = %3.</translation>
    </message>
    <message>
        <source>No noten payments and no counter money; the riichi sticks stay on the table.</source>
        <translation>Pas de payement noten ni de points de compteurs&#xa0;; les bâtons de riichi restent sur la table.</translation>
    </message>
</context>
<context>
    <name>HistoryFormat</name>
    <message>
        <source>An offence of a newer version</source>
        <translation>Une faute d’une version plus récente</translation>
    </message>
    <message>
        <source>A ruling of a newer version</source>
        <translation>Une décision d’une version plus récente</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <comment>a penalty and its amount</comment>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>Yes</source>
        <translation>Oui</translation>
    </message>
    <message>
        <source>No</source>
        <translation>Non</translation>
    </message>
    <message>
        <source>• An answer of a newer version: %1</source>
        <translation>• Une réponse d’une version plus récente&#xa0;: %1</translation>
    </message>
    <message>
        <source>• %1 %2</source>
        <comment>a question and its answer</comment>
        <translation>• %1 %2</translation>
    </message>
    <message>
        <source>• %1: %2</source>
        <comment>a question and its answer</comment>
        <translation>• %1&#xa0;: %2</translation>
    </message>
    <message>
        <source>Penalty (points)</source>
        <translation>Pénalité (points)</translation>
    </message>
    <message>
        <source>the players (table mode)</source>
        <translation>les joueurs (mode table)</translation>
    </message>
    <message>
        <source>the referee (no name given)</source>
        <translation>l’arbitre (nom non saisi)</translation>
    </message>
    <message>
        <source>not recorded</source>
        <translation>non enregistré</translation>
    </message>
    <message>
        <source>entered by mistake</source>
        <translation>saisi par erreur</translation>
    </message>
    <message>
        <source>wrong seat</source>
        <translation>mauvaise place</translation>
    </message>
    <message>
        <source>wrong value</source>
        <translation>mauvaise valeur</translation>
    </message>
    <message>
        <source>ruling revised</source>
        <translation>décision révisée</translation>
    </message>
    <message>
        <source>no reason given</source>
        <translation>aucun motif donné</translation>
    </message>
    <message>
        <source>%1 league points</source>
        <translation>%1 points de ligue</translation>
    </message>
    <message>
        <source>%1 rating points</source>
        <translation>%1 points de classement</translation>
    </message>
    <message>
        <source>%1 other points</source>
        <translation>%1 autres points</translation>
    </message>
</context>
<context>
    <name>HistoryView</name>
    <message>
        <source>More</source>
        <translation>Afficher plus</translation>
    </message>
    <message>
        <source>Table %1</source>
        <translation>Table %1</translation>
    </message>
    <message>
        <source>History</source>
        <translation>Historique</translation>
    </message>
    <message>
        <source>History — %1</source>
        <translation>Historique — %1</translation>
    </message>
    <message numerus="yes">
        <source>The %n newest incident(s) shown; more below.</source>
        <translation>
            <numerusform>%n incident le plus récent affiché&#xa0;; d&apos;autres plus bas.</numerusform>
            <numerusform>%n incidents les plus récents affichés&#xa0;; d&apos;autres plus bas.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n incident(s).</source>
        <translation>
            <numerusform>%n incident.</numerusform>
            <numerusform>%n incidents.</numerusform>
        </translation>
    </message>
    <message>
        <source>No incident matches these filters.</source>
        <translation>Aucun incident ne correspond à ces filtres.</translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n avertissement</numerusform>
            <numerusform>%n avertissements</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n dead hand(s)</source>
        <translation>
            <numerusform>%n main morte</numerusform>
            <numerusform>%n mains mortes</numerusform>
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
            <numerusform>%n pénalité</numerusform>
            <numerusform>%n pénalités</numerusform>
        </translation>
    </message>
    <message>
        <source>%1, this tournament: %2, %3, %4, %5</source>
        <translation>%1, dans ce tournoi&#xa0;: %2, %3, %4, %5</translation>
    </message>
    <message>
        <source>No table is open: set up the table first.</source>
        <translation>Aucune table ouverte&#xa0;: configurez d&apos;abord la table.</translation>
    </message>
    <message>
        <source>Report (PDF)</source>
        <comment>the tournament&apos;s incident report</comment>
        <translation>Rapport (PDF)</translation>
    </message>
    <message>
        <source>Which table?</source>
        <translation>Quelle table&#xa0;?</translation>
    </message>
    <message>
        <source>Which player?</source>
        <translation>Quel joueur&#xa0;?</translation>
    </message>
    <message>
        <source>All players</source>
        <translation>Tous les joueurs</translation>
    </message>
    <message>
        <source>Which offence?</source>
        <translation>Quelle faute&#xa0;?</translation>
    </message>
    <message>
        <source>All offences</source>
        <translation>Toutes les fautes</translation>
    </message>
</context>
<context>
    <name>IncidentCard</name>
    <message>
        <source>Entered by %1</source>
        <translation>Saisi par %1</translation>
    </message>
    <message>
        <source>Set aside (a conflict between devices): not counted</source>
        <translation>Écarté (conflit entre appareils)&#xa0;: non compté</translation>
    </message>
    <message>
        <source>Voided: not counted</source>
        <translation>Annulé&#xa0;: non compté</translation>
    </message>
    <message>
        <source>Table %1</source>
        <translation>Table %1</translation>
    </message>
    <message>
        <source>hanchan %1</source>
        <translation>hanchan %1</translation>
    </message>
    <message>
        <source>no ruling recorded</source>
        <translation>aucune décision enregistrée</translation>
    </message>
    <message>
        <source>a ruling of a newer version</source>
        <translation>une décision d’une version plus récente</translation>
    </message>
    <message>
        <source>the %1 warning</source>
        <translation>%1 avertissement</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1&#xa0;: %2</translation>
    </message>
    <message>
        <source>%1: the %2 offence on this ladder</source>
        <translation>%1&#xa0;: %2 faute sur cette échelle</translation>
    </message>
    <message>
        <source>%1: an offence on this ladder</source>
        <translation>%1&#xa0;: une faute sur cette échelle</translation>
    </message>
    <message numerus="yes">
        <source>When entered, it counted %n warning(s) at other tables</source>
        <translation>
            <numerusform>À la saisie, %n avertissement comptait à d’autres tables</numerusform>
            <numerusform>À la saisie, %n avertissements comptaient à d’autres tables</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>When entered, it counted %n offence(s) on the ladder at other tables</source>
        <translation>
            <numerusform>À la saisie, %n faute comptait sur l’échelle à d’autres tables</numerusform>
            <numerusform>À la saisie, %n fautes comptaient sur l’échelle à d’autres tables</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>IncidentDelegate</name>
    <message>
        <source>VOIDED</source>
        <translation>ANNULÉ</translation>
    </message>
</context>
<context>
    <name>IncidentModel</name>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>%1 · Table %2 · %3</source>
        <translation>%1 · Table %2 · %3</translation>
    </message>
    <message>
        <source>VOIDED</source>
        <translation>ANNULÉ</translation>
    </message>
</context>
<context>
    <name>Limit</name>
    <message>
        <source>Mangan</source>
        <translation>Mangan</translation>
    </message>
    <message>
        <source>Haneman</source>
        <translation>Haneman</translation>
    </message>
    <message>
        <source>Baiman</source>
        <translation>Baiman</translation>
    </message>
    <message>
        <source>Sanbaiman</source>
        <translation>Sanbaiman</translation>
    </message>
    <message>
        <source>Yakuman</source>
        <translation>Yakuman</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>refapp — riichi referee</source>
        <translation>refapp — arbitrage riichi</translation>
    </message>
    <message>
        <source>Board</source>
        <translation>Plateau</translation>
    </message>
    <message>
        <source>Hand result</source>
        <translation>Fin de main</translation>
    </message>
    <message>
        <source>History</source>
        <translation>Historique</translation>
    </message>
    <message>
        <source>Results</source>
        <translation>Résultats</translation>
    </message>
    <message>
        <source>Tables</source>
        <translation>Tables</translation>
    </message>
    <message>
        <source>Setup</source>
        <translation>Réglages</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>Défaire</translation>
    </message>
    <message>
        <source>Lock</source>
        <translation>Verrouiller</translation>
    </message>
    <message>
        <source>Referee</source>
        <translation>Arbitre</translation>
    </message>
    <message>
        <source>No riichi for %1: %2</source>
        <translation>Pas de riichi pour %1&#xa0;: %2</translation>
    </message>
    <message>
        <source>Riichi for %1: %2 and a stick</source>
        <translation>Riichi pour %1&#xa0;: %2 et un bâton</translation>
    </message>
    <message>
        <source>Set a referee PIN in Setup first: without a PIN the tablet cannot be locked.</source>
        <translation>Définissez d’abord un code PIN d’arbitre dans Réglages&#xa0;: sans code, la tablette ne peut pas être verrouillée.</translation>
    </message>
    <message>
        <source>Recorded: %1. To restore it, enter it again.</source>
        <translation>Enregistré&#xa0;: %1. Pour la rétablir, saisissez-la à nouveau.</translation>
    </message>
    <message>
        <source>Recorded: %1</source>
        <translation>Enregistré&#xa0;: %1</translation>
    </message>
    <message>
        <source>Take it back</source>
        <translation>Reprendre</translation>
    </message>
    <message>
        <source>Undo (referee PIN)</source>
        <translation>Défaire (PIN arbitre)</translation>
    </message>
</context>
<context>
    <name>Message</name>
    <message>
        <source>Hanchan %1 is over: start the next hanchan first.</source>
        <translation>Le hanchan %1 est terminé&#xa0;: commencez d’abord le hanchan suivant.</translation>
    </message>
    <message>
        <source>Hanchan %1 is not over: end it first.</source>
        <translation>Le hanchan %1 n’est pas terminé&#xa0;: terminez-le d’abord.</translation>
    </message>
    <message>
        <source>Nothing was recorded: table %1 is written by another device (%2). Take the table over on this device first (a handover, with the referee&apos;s PIN).</source>
        <translation>Rien n&apos;a été enregistré&#xa0;: la table %1 est tenue par un autre appareil (%2). Reprenez d&apos;abord la table sur cet appareil (une passation, avec le code de l&apos;arbitre).</translation>
    </message>
    <message>
        <source>No hanchan has been started at this table: start one first.</source>
        <translation>Aucun hanchan n’a été commencé à cette table&#xa0;: commencez-en un d’abord.</translation>
    </message>
    <message>
        <source>The rule set %1 is not known here (known: %2).</source>
        <translation>Le jeu de règles %1 est inconnu ici (connus&#xa0;: %2).</translation>
    </message>
    <message>
        <source>%1 is not one of the players.</source>
        <translation>%1 ne fait pas partie des joueurs.</translation>
    </message>
    <message>
        <source>%1 was disqualified and cannot be seated.</source>
        <translation>%1 a été disqualifié et ne peut pas être placé à la table.</translation>
    </message>
    <message>
        <source>%1 plays %2 round(s) only.</source>
        <translation>%1 ne se joue qu’en %2 tour(s) de vent.</translation>
    </message>
    <message>
        <source>%1 plays %2 round(s) and at most %3 extra wind(s).</source>
        <translation>%1 se joue en %2 tour(s) de vent et au plus %3 tour(s) supplémentaire(s).</translation>
    </message>
    <message>
        <source>%1 has already declared riichi in this hand.</source>
        <translation>%1 a déjà déclaré riichi dans cette main.</translation>
    </message>
    <message>
        <source>%1 has a dead hand and cannot declare riichi.</source>
        <translation>%1 a une main morte et ne peut pas déclarer riichi.</translation>
    </message>
    <message>
        <source>The winner is the dealer: give the points paid by each.</source>
        <translation>Le gagnant est le donneur&#xa0;: indiquez les points payés par chacun.</translation>
    </message>
    <message>
        <source>%1 has a dead hand and cannot win.</source>
        <translation>%1 a une main morte et ne peut pas gagner.</translation>
    </message>
    <message>
        <source>%1 has no abortive draws.</source>
        <translation>%1 n’a pas de parties avortées.</translation>
    </message>
    <message>
        <source>%1 has no nagashi mangan.</source>
        <translation>%1 n’a pas de nagashi mangan.</translation>
    </message>
    <message>
        <source>%1 has no head bump: every player who called ron wins.</source>
        <translation>%1 n’a pas d’atamahane&#xa0;: chaque joueur qui a annoncé ron gagne.</translation>
    </message>
    <message>
        <source>%1 is nearer the discarder&apos;s right than %2: %1 wins the head bump.</source>
        <translation>%1 est plus près de la droite du joueur ayant écarté que %2&#xa0;: %1 gagne l’atamahane.</translation>
    </message>
    <message>
        <source>%1 has a dead hand and cannot make nagashi mangan.</source>
        <translation>%1 a une main morte et ne peut pas faire nagashi mangan.</translation>
    </message>
    <message>
        <source>A substitute is named only when the ruling seats one.</source>
        <translation>Un remplaçant n’est nommé que lorsque la décision en place un.</translation>
    </message>
    <message>
        <source>%1 already plays at this table.</source>
        <translation>%1 joue déjà à cette table.</translation>
    </message>
    <message>
        <source>Hanchan %1 is over: a ruling of %2 needs a hand in play.</source>
        <translation>Le hanchan %1 est terminé&#xa0;: une décision «&#xa0;%2&#xa0;» demande une main en cours.</translation>
    </message>
    <message>
        <source>%1 has not declared riichi in this hand.</source>
        <translation>%1 n’a pas déclaré riichi dans cette main.</translation>
    </message>
    <message>
        <source>%1&apos;s seat is already played by a substitute.</source>
        <translation>La place de %1 est déjà tenue par un remplaçant.</translation>
    </message>
    <message>
        <source>Name the seat liable for %1.</source>
        <translation>Indiquez le joueur responsable de %1.</translation>
    </message>
    <message>
        <source>%1 is a yakuman: enter the limit yakuman.</source>
        <translation>%1 est un yakuman&#xa0;: saisissez la limite yakuman.</translation>
    </message>
    <message>
        <source>This entry is already stored.</source>
        <translation>Cette saisie est déjà enregistrée.</translation>
    </message>
    <message>
        <source>The entry to undo is not stored at this table.</source>
        <translation>La saisie à défaire n’est pas enregistrée à cette table.</translation>
    </message>
    <message>
        <source>An undo cannot be undone: enter the entry again instead.</source>
        <translation>Une annulation ne peut pas être défaite&#xa0;: saisissez de nouveau l’entrée.</translation>
    </message>
    <message>
        <source>This entry was already undone.</source>
        <translation>Cette saisie a déjà été défaite.</translation>
    </message>
    <message>
        <source>The database %1 is damaged (%2). It has not been changed.</source>
        <translation>La base de données %1 est endommagée (%2). Elle n’a pas été modifiée.</translation>
    </message>
    <message>
        <source>%1 confirmed ruling(s) and other events are missing from the database %2: %3. Recover them before anything else is written.</source>
        <translation>%1 décision(s) confirmée(s) et autres événements manquent dans la base de données %2&#xa0;: %3. Récupérez-les avant toute autre écriture.</translation>
    </message>
    <message>
        <source>The data folder %1 is in use by another refapp. Only one refapp can write it at a time: use the window already open, or close it first.</source>
        <translation>Le dossier de données %1 est utilisé par un autre refapp. Un seul refapp peut y écrire à la fois&#xa0;: utilisez la fenêtre déjà ouverte, ou fermez-la d’abord.</translation>
    </message>
    <message>
        <source>The data folder %1 is in use by another refapp (process %2). Only one refapp can write it at a time: use the window already open, or close it first.</source>
        <translation>Le dossier de données %1 est utilisé par un autre refapp (processus %2). Un seul refapp peut y écrire à la fois&#xa0;: utilisez la fenêtre déjà ouverte, ou fermez-la d’abord.</translation>
    </message>
    <message>
        <source>The ruling was NOT saved: table %1 changed since it was shown (another window or an import stored an event). The table has been reloaded: check the preview and confirm again.</source>
        <translation>La décision n’a PAS été enregistrée&#xa0;: la table %1 a changé depuis son affichage (une autre fenêtre ou une importation a enregistré un événement). La table a été rechargée&#xa0;: vérifiez l’aperçu et confirmez de nouveau.</translation>
    </message>
    <message>
        <source>The disk is full: refapp cannot open its database in %1. The database itself is not damaged and was not changed. Free some space and start again.</source>
        <translation>Le disque est plein&#xa0;: refapp ne peut pas ouvrir sa base de données dans %1. La base elle-même n’est pas endommagée et n’a pas été modifiée. Libérez de la place et relancez refapp.</translation>
    </message>
    <message>
        <source>The ruling was NOT saved: the disk is full. Free some space and confirm again.</source>
        <translation>La décision n’a PAS été enregistrée&#xa0;: le disque est plein. Libérez de la place et confirmez de nouveau.</translation>
    </message>
    <message>
        <source>The ruling was NOT saved: the data folder is read-only. Choose a writable data folder and confirm again.</source>
        <translation>La décision n’a PAS été enregistrée&#xa0;: le dossier de données est en lecture seule. Choisissez un dossier accessible en écriture et confirmez de nouveau.</translation>
    </message>
    <message>
        <source>The ruling was NOT saved: the database refused it (%1).</source>
        <translation>La décision n’a PAS été enregistrée&#xa0;: la base de données l’a refusée (%1).</translation>
    </message>
    <message>
        <source>Cannot open the data folder %1: %2</source>
        <translation>Impossible d’ouvrir le dossier de données %1&#xa0;: %2</translation>
    </message>
    <message>
        <source>Cannot open the data folder %1: it is read-only and holds no database.</source>
        <translation>Impossible d’ouvrir le dossier de données %1&#xa0;: il est en lecture seule et ne contient aucune base de données.</translation>
    </message>
    <message>
        <source>Cannot open %1: it was written by a newer refapp. Update refapp.</source>
        <translation>Impossible d’ouvrir %1&#xa0;: il a été écrit par une version plus récente de refapp. Mettez refapp à jour.</translation>
    </message>
    <message>
        <source>The data folder of %1 is read-only and its database needs an upgrade.</source>
        <translation>Le dossier de données de %1 est en lecture seule et sa base de données doit être mise à jour.</translation>
    </message>
    <message>
        <source>Cannot open the database %1: %2</source>
        <translation>Impossible d’ouvrir la base de données %1&#xa0;: %2</translation>
    </message>
    <message>
        <source>No good backup in %1: the damaged database was left as it is.</source>
        <translation>Aucune sauvegarde valide dans %1&#xa0;: la base de données endommagée a été laissée telle quelle.</translation>
    </message>
    <message>
        <source>No good backup in %1 and no journal to recover from: the damaged database was left as it is.</source>
        <translation>Aucune sauvegarde valide dans %1 et aucun journal à partir duquel récupérer&#xa0;: la base de données endommagée a été laissée telle quelle.</translation>
    </message>
    <message>
        <source>The recovery could not build a sound database (%1): nothing was changed.</source>
        <translation>La récupération n’a pas pu construire une base de données saine (%1)&#xa0;: rien n’a été modifié.</translation>
    </message>
    <message>
        <source>Table %1 of %2: its log does not replay (%3).</source>
        <translation>Table %1 de %2&#xa0;: son journal de table ne se rejoue pas (%3).</translation>
    </message>
    <message>
        <source>The data folder %1 is read-only and its database has changes that were never written into it: what is shown may be stale (the newest rulings may be missing).</source>
        <translation>Le dossier de données %1 est en lecture seule et sa base de données a des modifications qui n’y ont jamais été écrites&#xa0;: ce qui est affiché peut être dépassé (les décisions les plus récentes peuvent manquer).</translation>
    </message>
    <message>
        <source>The rule set %1 of this hanchan is no longer in the rule-set folder: this hanchan keeps the rules it started with.</source>
        <translation>Le jeu de règles %1 de ce hanchan n’est plus dans le dossier des jeux de règles&#xa0;: ce hanchan garde les règles avec lesquelles il a commencé.</translation>
    </message>
    <message>
        <source>The rule set %1 was changed after this hanchan started: this hanchan keeps the rules it started with; the changed rules apply from the next hanchan.</source>
        <translation>Le jeu de règles %1 a été modifié après le début de ce hanchan&#xa0;: ce hanchan garde les règles avec lesquelles il a commencé&#xa0;; les règles modifiées s’appliquent à partir du hanchan suivant.</translation>
    </message>
    <message>
        <source>The head referee&apos;s name is empty.</source>
        <translation>Le nom de l’arbitre principal est vide.</translation>
    </message>
    <message>
        <source>Already signed off by %1 at %2; nothing was recorded on this incident since.</source>
        <translation>Déjà visé par %1 à %2&#xa0;; rien n’a été enregistré sur cet incident depuis.</translation>
    </message>
    <message>
        <source>The statement is empty.</source>
        <translation>La déclaration est vide.</translation>
    </message>
    <message>
        <source>The statement has %1 characters; at most %2.</source>
        <translation>La déclaration a %1 caractères&#xa0;; %2 au plus.</translation>
    </message>
    <message>
        <source>%1 did not play at that hanchan (its players: %2).</source>
        <translation>%1 n’a pas joué ce hanchan (ses joueurs&#xa0;: %2).</translation>
    </message>
    <message>
        <source>No table is open: set up the table first.</source>
        <translation>Aucune table ouverte&#xa0;: configurez d&apos;abord la table.</translation>
    </message>
    <message>
        <source>Nothing to undo.</source>
        <translation>Rien à annuler.</translation>
    </message>
    <message>
        <source>Only the referee can undo this entry (with the PIN).</source>
        <translation>Seul l’arbitre peut défaire cette saisie (avec le code PIN).</translation>
    </message>
    <message>
        <source>Only the referee shows another table on this tablet (with the PIN): it stays on its table.</source>
        <translation>Seul l’arbitre affiche une autre table sur cette tablette (avec le code PIN)&#xa0;: elle reste sur sa table.</translation>
    </message>
    <message>
        <source>Nothing was started: confirm first what the check found (another rule set than the tournament&apos;s, or a player in play at another table).</source>
        <translation>Rien n’a été commencé&#xa0;: confirmez d’abord ce que la vérification a relevé (un autre règlement que celui du tournoi, ou un joueur en jeu à une autre table).</translation>
    </message>
    <message>
        <source>%1: line 1: no &apos;name&apos; column in the header (%2)</source>
        <translation>%1&#xa0;: ligne 1&#xa0;: pas de colonne «&#xa0;name&#xa0;» dans l’en-tête (%2)</translation>
    </message>
    <message>
        <source>%1: line %2: field &apos;first_timer&apos; must be yes or no, not %3</source>
        <translation>%1&#xa0;: ligne %2&#xa0;: le champ «&#xa0;first_timer&#xa0;» doit valoir yes ou no, pas %3</translation>
    </message>
    <message>
        <source>Only a referee can re-seat the table (with the PIN).</source>
        <translation>Seul un arbitre peut replacer les joueurs de la table (avec le code PIN).</translation>
    </message>
    <message>
        <source>%1 is not a liability hand under %2 (its liability hands: %3).</source>
        <translation>%1 n’est pas une main à responsabilité (pao) selon %2 (ses mains à responsabilité&#xa0;: %3).</translation>
    </message>
    <message>
        <source>Nothing was recorded: the last hand result waits for a confirmation by %1 (or a referee).</source>
        <translation>Rien n’a été enregistré&#xa0;: le résultat de la dernière main attend la confirmation de %1 (ou d’un arbitre).</translation>
    </message>
    <message>
        <source>%1 is named by this result: another player confirms it.</source>
        <translation>%1 est nommé dans ce résultat&#xa0;: un autre joueur le confirme.</translation>
    </message>
    <message>
        <source>Only a referee can confirm on the players&apos; behalf (with the PIN).</source>
        <translation>Seul un arbitre peut confirmer à la place des joueurs (avec le code PIN).</translation>
    </message>
    <message>
        <source>A table has four seats.</source>
        <translation>Une table a quatre places.</translation>
    </message>
    <message>
        <source>Two players are put in the same seat (%1): each seat takes one player.</source>
        <translation>Deux joueurs sont mis à la même place (%1)&#xa0;: chaque place reçoit un joueur.</translation>
    </message>
    <message>
        <source>%1 is named twice: four different players sit at a table.</source>
        <translation>%1 est nommé deux fois&#xa0;: quatre joueurs différents s’assoient à une table.</translation>
    </message>
    <message>
        <source>Every seat needs a player&apos;s name.</source>
        <translation>Chaque place doit avoir le nom d’un joueur.</translation>
    </message>
    <message>
        <source>This is the seating as recorded: there is nothing to re-seat.</source>
        <translation>C’est le placement enregistré&#xa0;: il n’y a rien à replacer.</translation>
    </message>
    <message>
        <source>No hanchan has been started at this table: there is nothing to re-seat.</source>
        <translation>Aucun hanchan n’a commencé à cette table&#xa0;: il n’y a rien à replacer.</translation>
    </message>
    <message>
        <source>The entry of %1 cannot be played under the new seats: %2</source>
        <translation>La saisie de %1 ne peut pas être rejouée avec les nouvelles places&#xa0;: %2</translation>
    </message>
    <message>
        <source>No table is open: open one to report its tournament.</source>
        <translation>Aucune table n’est ouverte&#xa0;: ouvrez-en une pour le rapport de son tournoi.</translation>
    </message>
    <message>
        <source>A session lasts 1 to %1 minutes.</source>
        <translation>Une session dure de 1 à %1 minutes.</translation>
    </message>
    <message>
        <source>Say why the table is given extra time.</source>
        <translation>Dites pourquoi la table reçoit du temps supplémentaire.</translation>
    </message>
    <message>
        <source>Extra time is 1 to %1 minutes, or a negative number to take some back.</source>
        <translation>Le temps supplémentaire va de 1 à %1 minutes, ou un nombre négatif pour en reprendre.</translation>
    </message>
    <message>
        <source>Table %1 has %2 minute(s) of extra time in session %3: that much cannot be taken back.</source>
        <translation>La table %1 a %2 minute(s) de temps supplémentaire dans la session %3&#xa0;: on ne peut pas en reprendre autant.</translation>
    </message>
    <message>
        <source>%1 is not allowed in a name (no control or invisible formatting character).</source>
        <translation>%1 n’est pas admis dans un nom (aucun caractère de contrôle ni de mise en forme invisible).</translation>
    </message>
    <message>
        <source>%1 is not allowed in a text (no control character but tab and line feed).</source>
        <translation>%1 n’est pas admis dans un texte (aucun caractère de contrôle hors tabulation et saut de ligne).</translation>
    </message>
    <message>
        <source>%1 is not an ISO 8601 time with its offset (such as 2026-11-22T10:00:00+01:00).</source>
        <translation>%1 n’est pas une heure ISO 8601 avec son décalage (par exemple 2026-11-22T10:00:00+01:00).</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1&#xa0;: %2</translation>
    </message>
    <message>
        <source>%1: the file is empty (expected a header row with a &apos;name&apos; column)</source>
        <translation>%1&#xa0;: le fichier est vide (une ligne d’en-tête avec une colonne «&#xa0;name&#xa0;» est attendue)</translation>
    </message>
    <message>
        <source>%1: line %2: not valid CSV (%3)</source>
        <translation>%1&#xa0;: ligne %2&#xa0;: CSV non valide (%3)</translation>
    </message>
    <message>
        <source>%1: line %2: %3 fields, the header has %4</source>
        <translation>%1&#xa0;: ligne %2&#xa0;: %3 champs, l’en-tête en a %4</translation>
    </message>
    <message>
        <source>%1: line %2: field &apos;name&apos; is empty</source>
        <translation>%1&#xa0;: ligne %2&#xa0;: le champ «&#xa0;name&#xa0;» est vide</translation>
    </message>
    <message>
        <source>%1: line %2: field &apos;name&apos; is longer than 60 characters</source>
        <translation>%1&#xa0;: ligne %2&#xa0;: le champ «&#xa0;name&#xa0;» dépasse 60 caractères</translation>
    </message>
    <message>
        <source>%1: line %2: player %3 is already on line %4</source>
        <translation>%1&#xa0;: ligne %2&#xa0;: le joueur %3 est déjà à la ligne %4</translation>
    </message>
    <message>
        <source>%1: line %2, column %3 (&apos;%4&apos;): %5 is not allowed in a name (no control or invisible formatting character)</source>
        <translation>%1&#xa0;: ligne %2, colonne %3 («&#xa0;%4&#xa0;»)&#xa0;: %5 n’est pas admis dans un nom (aucun caractère de contrôle ni de mise en forme invisible)</translation>
    </message>
    <message>
        <source>%1: no players after the header</source>
        <translation>%1&#xa0;: aucun joueur après l’en-tête</translation>
    </message>
    <message>
        <source>%1 player(s): a table needs four players (add %2 substitute(s))</source>
        <translation>%1 joueur(s)&#xa0;: une table se joue à quatre (ajoutez %2 remplaçant(s))</translation>
    </message>
    <message>
        <source>%1 players is not a multiple of four (no table of three): add %2 substitute(s) to make %3, or remove %4 player(s)</source>
        <translation>%1 joueurs, ce n’est pas un multiple de quatre (pas de table à trois)&#xa0;: ajoutez %2 remplaçant(s) pour arriver à %3, ou retirez %4 joueur(s)</translation>
    </message>
    <message>
        <source>No tournament yet: import a roster first.</source>
        <translation>Aucun tournoi pour l’instant&#xa0;: importez d’abord une liste de joueurs.</translation>
    </message>
    <message>
        <source>none</source>
        <translation>aucune</translation>
    </message>
</context>
<context>
    <name>ModeBanner</name>
    <message>
        <source>Table mode — players enter riichi and hand results</source>
        <translation>Mode table — les joueurs saisissent riichi et fins de main</translation>
    </message>
    <message>
        <source>Referee mode — %1</source>
        <translation>Mode arbitre — %1</translation>
    </message>
    <message>
        <source>Referee mode</source>
        <translation>Mode arbitre</translation>
    </message>
    <message>
        <source>Unlocked — no referee PIN (club night)</source>
        <translation>Déverrouillé — sans code PIN arbitre (soirée club)</translation>
    </message>
    <message>
        <source>Unlocked — no referee PIN yet: choose one in Setup</source>
        <translation>Déverrouillé — pas encore de code PIN arbitre&#xa0;: choisissez dans Réglages</translation>
    </message>
</context>
<context>
    <name>Offence</name>
    <message>
        <source>Invalid win, hand revealed</source>
        <translation>Déclaration vide de victoire, main révélée</translation>
    </message>
    <message>
        <source>Win called, hand not revealed</source>
        <translation>Déclaration vide de victoire, main restée cachée</translation>
    </message>
    <message>
        <source>Wrong word for a win</source>
        <translation>Mauvais terme pour une victoire</translation>
    </message>
    <message>
        <source>Changing a call</source>
        <translation>Modifier un appel</translation>
    </message>
    <message>
        <source>Noten riichi</source>
        <translation>Noten riichi</translation>
    </message>
    <message>
        <source>Invalid concealed kan after riichi</source>
        <translation>Kong caché invalide après riichi</translation>
    </message>
    <message>
        <source>Riichi bet not placed</source>
        <translation>Mise de riichi non placée</translation>
    </message>
    <message>
        <source>Riichi not said or discard not rotated</source>
        <translation>Riichi non annoncé ou écart non tourné</translation>
    </message>
    <message>
        <source>Riichi on an open hand</source>
        <translation>Riichi avec une main ouverte</translation>
    </message>
    <message>
        <source>Empty riichi declaration</source>
        <translation>Déclaration vide de riichi</translation>
    </message>
    <message>
        <source>Empty call (chii, pon, kan)</source>
        <translation>Appel vide pour un chow, pung ou kong</translation>
    </message>
    <message>
        <source>Invalid group melded</source>
        <translation>Groupe invalide exposé</translation>
    </message>
    <message>
        <source>Swap-calling (kuikae)</source>
        <translation>Appel d&apos;échange (kuikae)</translation>
    </message>
    <message>
        <source>Claimed tile not taken</source>
        <translation>Tuile réclamée non prise</translation>
    </message>
    <message>
        <source>Calling with a dead hand</source>
        <translation>Appel avec une main morte</translation>
    </message>
    <message>
        <source>Silent call</source>
        <translation>Appel silencieux</translation>
    </message>
    <message>
        <source>Chii overridden by a pon</source>
        <translation>Chow supplanté par un pung</translation>
    </message>
    <message>
        <source>Wrong tile count</source>
        <translation>Mauvais nombre de tuiles</translation>
    </message>
    <message>
        <source>Tiles exposed</source>
        <translation>Tuiles révélées</translation>
    </message>
    <message>
        <source>Drawing from the wrong part of the wall</source>
        <translation>Pioche au mauvais endroit du mur</translation>
    </message>
    <message>
        <source>False tenpai declaration at the draw</source>
        <translation>Fausse annonce tenpai à la partie du mur</translation>
    </message>
    <message>
        <source>Passing information</source>
        <translation>Transmission d&apos;information</translation>
    </message>
    <message>
        <source>Obstruction</source>
        <translation>Obstruction</translation>
    </message>
    <message>
        <source>Phone ringing or electronic device</source>
        <translation>Sonnerie de téléphone ou appareil électronique</translation>
    </message>
    <message>
        <source>Fault caused by another player&apos;s fault</source>
        <translation>Faute due à la faute d&apos;un autre joueur</translation>
    </message>
    <message>
        <source>Made the game impossible to continue</source>
        <translation>Partie rendue impossible à poursuivre</translation>
    </message>
    <message>
        <source>Cheating</source>
        <translation>Triche</translation>
    </message>
    <message>
        <source>Late arrival</source>
        <translation>Arrivée en retard</translation>
    </message>
    <message>
        <source>Missed hanchan (substitute)</source>
        <translation>Hanchan manqué (remplacement)</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>Avertissement</translation>
    </message>
    <message>
        <source>Point penalty</source>
        <translation>Points de pénalité</translation>
    </message>
    <message>
        <source>Dead hand</source>
        <translation>Main morte</translation>
    </message>
    <message>
        <source>Re-deal without penalty</source>
        <translation>Redistribution sans pénalité</translation>
    </message>
    <message>
        <source>Disqualification</source>
        <translation>Disqualification</translation>
    </message>
</context>
<context>
    <name>OffencePalette</name>
    <message>
        <source>Search: a word or a section number</source>
        <translation>Recherche&#xa0;: un mot ou un numéro d’article</translation>
    </message>
    <message>
        <source>Check this player&apos;s hand</source>
        <translation>Contrôler la main de ce joueur</translation>
    </message>
    <message>
        <source>Clear the search</source>
        <translation>Effacer la recherche</translation>
    </message>
    <message>
        <source>Re-seat the table (players in the wrong seats)</source>
        <translation>Replacer la table (joueurs aux mauvaises places)</translation>
    </message>
    <message>
        <source>No offence matches “%1” — try a word of the rule book (chombo, dead hand, false ron, late) or a section number (5.1).</source>
        <translation>Aucune faute ne correspond à «&#xa0;%1&#xa0;» — essayez un mot du règlement (chombo, main morte, faux ron, retard) ou un numéro d’article (5.1).</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <source>Offence by %1</source>
        <translation>Faute de %1</translation>
    </message>
</context>
<context>
    <name>Ordinal</name>
    <message>
        <source>1st</source>
        <translation>1er</translation>
    </message>
    <message>
        <source>%1th</source>
        <translation>%1e</translation>
    </message>
    <message>
        <source>%1st</source>
        <translation>%1e</translation>
    </message>
    <message>
        <source>%1nd</source>
        <translation>%1e</translation>
    </message>
    <message>
        <source>%1rd</source>
        <translation>%1e</translation>
    </message>
</context>
<context>
    <name>Pao</name>
    <message>
        <source>Big Three Dragons</source>
        <translation>Trois grands dragons</translation>
    </message>
    <message>
        <source>Big Four Winds</source>
        <translation>Quatre grands vents</translation>
    </message>
    <message>
        <source>Four Kongs</source>
        <translation>Quatre kongs</translation>
    </message>
    <message>
        <source>All Honours</source>
        <translation>Tout honneurs</translation>
    </message>
    <message>
        <source>All Terminals</source>
        <translation>Tout terminaux</translation>
    </message>
    <message>
        <source>All Green</source>
        <translation>Tout vert</translation>
    </message>
    <message>
        <source>Out with a replacement tile</source>
        <translation>Victoire sur la tuile de remplacement</translation>
    </message>
    <message>
        <source>fed the third dragon pung or kong</source>
        <translation>a donné le troisième pung ou kong de dragons</translation>
    </message>
    <message>
        <source>fed the fourth wind pung or kong</source>
        <translation>a donné le quatrième pung ou kong de vents</translation>
    </message>
    <message>
        <source>fed the tile that immediately completed the fourth kong</source>
        <translation>a donné la tuile qui a complété immédiatement le quatrième kong</translation>
    </message>
    <message>
        <source>fed the fourth honour pung or kong</source>
        <translation>a donné le quatrième pung ou kong d&apos;honneurs</translation>
    </message>
    <message>
        <source>fed the fourth terminal pung or kong</source>
        <translation>a donné le quatrième pung ou kong de terminaux</translation>
    </message>
    <message>
        <source>fed the fourth green set</source>
        <translation>a donné le quatrième groupe vert</translation>
    </message>
    <message>
        <source>fed the tile of the melded kong that gave the replacement tile</source>
        <translation>a donné la tuile du kong exposé qui a amené la tuile de remplacement</translation>
    </message>
</context>
<context>
    <name>PaperBox</name>
    <message>
        <source>Player statements</source>
        <translation>Déclarations des joueurs</translation>
    </message>
    <message>
        <source>Whose statement?</source>
        <translation>Déclaration de qui&#xa0;?</translation>
    </message>
    <message>
        <source>The player&apos;s own words</source>
        <translation>Les mots du joueur, tels qu’il les dit</translation>
    </message>
    <message>
        <source>Record the statement</source>
        <translation>Enregistrer la déclaration</translation>
    </message>
    <message>
        <source>Head referee&apos;s sign-off</source>
        <translation>Visa de l’arbitre principal</translation>
    </message>
    <message>
        <source>Head referee&apos;s name</source>
        <translation>Nom de l’arbitre principal</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <source>Sign off (PIN)</source>
        <translation>Viser (code PIN)</translation>
    </message>
    <message>
        <source>Report (PDF)</source>
        <translation>Rapport (PDF)</translation>
    </message>
    <message>
        <source>%1, recorded by %2 on %3:</source>
        <translation>%1, enregistrée par %2 le %3&#xa0;:</translation>
    </message>
    <message>
        <source>%1, recorded on %2:</source>
        <translation>%1, enregistrée le %2&#xa0;:</translation>
    </message>
    <message>
        <source>No statement was recorded.</source>
        <translation>Aucune déclaration enregistrée.</translation>
    </message>
    <message>
        <source>Not signed.</source>
        <translation>Non visé.</translation>
    </message>
    <message>
        <source>Signed off by %1 on %2.</source>
        <translation>Visé par %1 le %2.</translation>
    </message>
    <message>
        <source>%1 of %2 characters</source>
        <translation>%1 caractères sur %2</translation>
    </message>
</context>
<context>
    <name>PickerPage</name>
    <message>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
</context>
<context>
    <name>PinDialog</name>
    <message>
        <source>Referee PIN</source>
        <translation>Code PIN arbitre</translation>
    </message>
    <message>
        <source>Enter the referee PIN</source>
        <translation>Saisissez le code PIN arbitre</translation>
    </message>
    <message>
        <source>OK</source>
        <translation>OK</translation>
    </message>
    <message>
        <source>Erase</source>
        <translation>Effacer</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message numerus="yes">
        <source>Too many wrong PINs: locked for %n seconds.</source>
        <translation>
            <numerusform>Trop de codes PIN erronés&#xa0;: bloqué pendant %n seconde.</numerusform>
            <numerusform>Trop de codes PIN erronés&#xa0;: bloqué pendant %n secondes.</numerusform>
        </translation>
    </message>
    <message>
        <source>Wrong PIN. Try again.</source>
        <translation>Code PIN erroné. Réessayez.</translation>
    </message>
</context>
<context>
    <name>PinSetup</name>
    <message>
        <source>Referee PIN</source>
        <translation>Code PIN arbitre</translation>
    </message>
    <message>
        <source>The same PIN again</source>
        <translation>Le même code PIN encore une fois</translation>
    </message>
    <message>
        <source>No PIN (club night)</source>
        <translation>Sans PIN (soirée club)</translation>
    </message>
    <message>
        <source>After a ruling, an undo or Setup, back to table mode</source>
        <translation>Après une décision, une saisie défaite ou les réglages, retour au mode table</translation>
    </message>
    <message>
        <source>At once</source>
        <translation>Aussitôt</translation>
    </message>
    <message>
        <source>After 1 minute</source>
        <translation>Après 1 minute</translation>
    </message>
    <message>
        <source>After 5 minutes</source>
        <translation>Après 5 minutes</translation>
    </message>
    <message>
        <source>A referee PIN is set: penalties, undo and Setup ask for it.</source>
        <translation>Un code PIN arbitre est défini&#xa0;: pénalités, saisies défaites et réglages le demandent.</translation>
    </message>
    <message>
        <source>New PIN, 4 to 12 digits (empty: keep the PIN)</source>
        <translation>Nouveau code, 4 à 12 chiffres (vide&#xa0;: garder le code)</translation>
    </message>
    <message>
        <source>No PIN: the tablet is never locked (club night).</source>
        <translation>Sans PIN&#xa0;: la tablette n’est jamais verrouillée (soirée club).</translation>
    </message>
    <message>
        <source>4 to 12 digits</source>
        <translation>4 à 12 chiffres</translation>
    </message>
    <message>
        <source>Choose a referee PIN, or No PIN (club night), before the first hanchan.</source>
        <translation>Choisissez un code PIN arbitre, ou Sans PIN (soirée club), avant le premier hanchan.</translation>
    </message>
    <message>
        <source>Choose a referee PIN (4 to 12 digits), or No PIN (club night).</source>
        <translation>Choisissez un code PIN arbitre (4 à 12 chiffres), ou Sans PIN (soirée club).</translation>
    </message>
    <message>
        <source>The PIN must be 4 to 12 digits.</source>
        <translation>Le code PIN doit compter 4 à 12 chiffres.</translation>
    </message>
    <message>
        <source>The two PINs differ: type the same PIN in both fields.</source>
        <translation>Les deux codes PIN diffèrent&#xa0;: tapez le même code dans les deux champs.</translation>
    </message>
    <message>
        <source>Unlock with the referee PIN to change it.</source>
        <translation>Déverrouillez avec le code PIN arbitre pour le changer.</translation>
    </message>
</context>
<context>
    <name>PlannedPanel</name>
    <message>
        <source>Start</source>
        <translation>Commencer</translation>
    </message>
</context>
<context>
    <name>PlannedStart</name>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Session %1 — Table %2: %3</source>
        <translation>Session %1 — Table %2&#xa0;: %3</translation>
    </message>
    <message>
        <source>Rule set: %1</source>
        <translation>Règlement&#xa0;: %1</translation>
    </message>
    <message>
        <source>%1 joins (%2)</source>
        <translation>%1 arrive (%2)</translation>
    </message>
    <message>
        <source>%1 leaves this table</source>
        <translation>%1 quitte cette table</translation>
    </message>
    <message>
        <source>%1 now %2 (was %3)</source>
        <translation>%1 désormais %2 (avant %3)</translation>
    </message>
    <message>
        <source>%1; %2</source>
        <translation>%1&#xa0;; %2</translation>
    </message>
    <message>
        <source>Changed by the head referee: %1.</source>
        <translation>Modifié par l’arbitre principal&#xa0;: %1.</translation>
    </message>
</context>
<context>
    <name>PlayerDetail</name>
    <message>
        <source>Session %1</source>
        <translation>Session %1</translation>
    </message>
    <message>
        <source>No incident recorded for this player.</source>
        <translation>Aucun incident enregistré pour ce joueur.</translation>
    </message>
    <message>
        <source>Incidents, oldest first</source>
        <translation>Incidents, du plus ancien au plus récent</translation>
    </message>
    <message>
        <source>No hanchan has been started yet.</source>
        <translation>Aucun hanchan n’a encore commencé.</translation>
    </message>
    <message>
        <source>Now: warnings counted over the tournament</source>
        <translation>Maintenant&#xa0;: avertissements comptés sur tout le tournoi</translation>
    </message>
    <message>
        <source>Now: warnings counted per session (%1)</source>
        <translation>Maintenant&#xa0;: avertissements comptés par session (%1)</translation>
    </message>
    <message>
        <source>Now: warnings counted per hanchan</source>
        <translation>Maintenant&#xa0;: avertissements comptés par hanchan</translation>
    </message>
    <message>
        <source>Now</source>
        <translation>Maintenant</translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s) in this count; the next one is the %1.</source>
        <translation>
            <numerusform>%n avertissement dans ce compte&#xa0;; le prochain sera le %1.</numerusform>
            <numerusform>%n avertissements dans ce compte&#xa0;; le prochain sera le %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %n offence(s) counted; the next one is the %2: a dead hand.</source>
        <translation>
            <numerusform>%1&#xa0;: %n faute comptée&#xa0;; la prochaine sera la %2&#xa0;: main morte.</numerusform>
            <numerusform>%1&#xa0;: %n fautes comptées&#xa0;; la prochaine sera la %2&#xa0;: main morte.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %n offence(s) counted; the next one is the %2: a warning.</source>
        <translation>
            <numerusform>%1&#xa0;: %n faute comptée&#xa0;; la prochaine sera la %2&#xa0;: un avertissement.</numerusform>
            <numerusform>%1&#xa0;: %n fautes comptées&#xa0;; la prochaine sera la %2&#xa0;: un avertissement.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PlayerRow</name>
    <message>
        <source>Next offence on %1: a dead hand</source>
        <translation>Prochaine faute sur %1&#xa0;: main morte</translation>
    </message>
</context>
<context>
    <name>PlayersSection</name>
    <message>
        <source>In seat order from East. Mark a player&apos;s first tournament with the button beside the name.</source>
        <translation>Par place, à partir d’Est. Marquez le premier tournoi d’un joueur avec le bouton à côté de son nom.</translation>
    </message>
    <message>
        <source>First timer</source>
        <translation>Nouveau venu</translation>
    </message>
    <message>
        <source>Import players from a CSV roster</source>
        <translation>Importer les joueurs (liste CSV)</translation>
    </message>
    <message>
        <source>Enter this player&apos;s name.</source>
        <translation>Saisissez le nom de ce joueur.</translation>
    </message>
    <message>
        <source>%1 is already seated at %2: each player once.</source>
        <translation>%1 est déjà assis à %2&#xa0;: un joueur une seule fois.</translation>
    </message>
</context>
<context>
    <name>PlayersTab</name>
    <message>
        <source>No player in this tournament yet.</source>
        <translation>Aucun joueur dans ce tournoi pour l’instant.</translation>
    </message>
    <message>
        <source>← All players</source>
        <translation>← Tous les joueurs</translation>
    </message>
    <message>
        <source>Find a player by name</source>
        <translation>Chercher un joueur par son nom</translation>
    </message>
</context>
<context>
    <name>Preview</name>
    <message>
        <source>%1 point</source>
        <translation>%1 point</translation>
    </message>
    <message>
        <source>%1 points</source>
        <translation>%1 points</translation>
    </message>
    <message>
        <source>For the rest of this hand %1 draws and discards but may not call chii, pon or kan, declare riichi or win.</source>
        <translation>Jusqu’à la fin de cette main, %1 pioche et défausse mais ne peut ni appeler chow, pung ou kong, ni déclarer riichi, ni gagner.</translation>
    </message>
    <message>
        <source>%1 cannot make nagashi mangan.</source>
        <translation>%1 ne peut pas faire nagashi mangan.</translation>
    </message>
    <message>
        <source>At an exhaustive draw %1 is noten: %1 pays the noten payments if another player is tenpai.</source>
        <translation>À la partie du mur, %1 est noten&#xa0;: %1 paie le payement noten si un autre joueur est tenpai.</translation>
    </message>
    <message>
        <source>At an exhaustive draw %1 is noten.</source>
        <translation>À la partie du mur, %1 est noten.</translation>
    </message>
    <message>
        <source>%1 is the dealer: at an exhaustive draw the deal passes.</source>
        <translation>%1 est donneur&#xa0;: à la partie du mur, la donne passe.</translation>
    </message>
    <message>
        <source>The chonbo is voided: another player won at the same moment. Score the win.</source>
        <translation>Le chonbo est annulé&#xa0;: un autre joueur a gagné au même moment. Enregistrez la victoire.</translation>
    </message>
    <message>
        <source>The chombo is voided: another player won at the same moment. Score the win.</source>
        <translation>Le chombo est annulé&#xa0;: un autre joueur a gagné au même moment. Enregistrez la victoire.</translation>
    </message>
    <message>
        <source>%1&apos;s riichi is void: the bet goes back.</source>
        <translation>Le riichi de %1 est annulé&#xa0;: la mise lui est rendue.</translation>
    </message>
    <message>
        <source>This is %1&apos;s %2 warning.</source>
        <translation>C&apos;est le %2 avertissement de %1.</translation>
    </message>
    <message>
        <source>%1&apos;s %2 call offence: a dead hand, not a warning.</source>
        <translation>%2 faute d&apos;annonce de %1&#xa0;: main morte, pas un avertissement.</translation>
    </message>
    <message>
        <source>%1&apos;s lateness penalty (%2) is replaced by the missed-hanchan penalty: not cumulative.</source>
        <translation>La pénalité de retard de %1 (%2) est remplacée par la pénalité pour hanchan manqué&#xa0;: elles ne se cumulent pas.</translation>
    </message>
    <message>
        <source>%1 already has a dead hand.</source>
        <translation>%1 a déjà une main morte.</translation>
    </message>
    <message>
        <source>%1&apos;s riichi stick stays on the table for the next winner.</source>
        <translation>Le bâton de riichi de %1 reste sur la table pour le prochain gagnant.</translation>
    </message>
    <message>
        <source>%1 (dealer) pays %2 to each player.</source>
        <translation>%1 (donneur) paie %2 à chaque joueur.</translation>
    </message>
    <message>
        <source>%1 pays %2 to the dealer and %3 to each other player.</source>
        <translation>%1 paie %2 au donneur et %3 à chacun des autres joueurs.</translation>
    </message>
    <message>
        <source>%1 pays %2 to each player.</source>
        <translation>%1 paie %2 à chaque joueur.</translation>
    </message>
    <message>
        <source>%1 loses %2 from the overall score; the table scores do not change.</source>
        <translation>%1 perd %2 au score global&#xa0;; les scores à la table ne changent pas.</translation>
    </message>
    <message>
        <source>%1 loses %2 from the hanchan result, after uma; the table scores do not change.</source>
        <translation>%1 perd %2 sur le résultat du hanchan, après uma&#xa0;; les scores à la table ne changent pas.</translation>
    </message>
    <message>
        <source>Riichi bets of this hand go back: %1.</source>
        <translation>Les mises de riichi de cette main sont rendues&#xa0;: %1.</translation>
    </message>
    <message>
        <source>The same hand is re-dealt: no counter added, the dealer stays.</source>
        <translation>La main est redistribuée&#xa0;: aucun compteur ajouté, le donneur ne change pas.</translation>
    </message>
    <message>
        <source>%1 loses %2 from the table score; nobody receives it.</source>
        <translation>%1 perd %2 au score à la table&#xa0;; personne ne les reçoit.</translation>
    </message>
    <message>
        <source>A substitute plays %1&apos;s seat and takes the last uma.</source>
        <translation>Un remplaçant joue à la place de %1 et reçoit l&apos;uma de la dernière place.</translation>
    </message>
    <message>
        <source>A substitute plays %1&apos;s seat; the substitute&apos;s result is not ranked.</source>
        <translation>Un joueur de substitution prend la place de %1&#xa0;; son résultat n&apos;est pas inclus dans le classement.</translation>
    </message>
    <message>
        <source>Substitute: %1.</source>
        <translation>Joueur de substitution&#xa0;: %1.</translation>
    </message>
    <message>
        <source>%1 is disqualified from the tournament.</source>
        <translation>%1 est disqualifié du tournoi.</translation>
    </message>
    <message>
        <source>Head bump: %1 wins, the first from the discarder&apos;s right.</source>
        <translation>Atamahane&#xa0;: %1 gagne, le premier à la droite du joueur ayant écarté.</translation>
    </message>
    <message>
        <source>Head bump: %1 wins, the first from %2&apos;s right.</source>
        <translation>Atamahane&#xa0;: %1 gagne, le premier à la droite de %2.</translation>
    </message>
    <message>
        <source>%1 is bumped and receives nothing.</source>
        <translation>%1 perd l’atamahane et ne reçoit rien.</translation>
    </message>
    <message>
        <source>Liability: %1 pays half of %2&apos;s hand.</source>
        <translation>Responsabilité (pao)&#xa0;: %1 paie la moitié de la main de %2.</translation>
    </message>
    <message>
        <source>Liability for %1: the liable player %2.</source>
        <translation>Responsabilité (pao) pour %1&#xa0;: le joueur responsable %2.</translation>
    </message>
    <message>
        <source>Liability: %1 pays %2&apos;s hand.</source>
        <translation>Responsabilité (pao)&#xa0;: %1 paie la main de %2.</translation>
    </message>
    <message>
        <source>%1 has a dead hand: noten at the draw.</source>
        <translation>%1 a une main morte&#xa0;: noten à la partie du mur.</translation>
    </message>
    <message>
        <source>A score is below zero: the game ends.</source>
        <translation>Un score est négatif&#xa0;: la partie s&apos;arrête.</translation>
    </message>
    <message>
        <source>The dealer leads in the last hand: the game ends.</source>
        <translation>Le donneur est en tête à la dernière main&#xa0;: la partie s&apos;arrête.</translation>
    </message>
    <message>
        <source>%1 is the dealer but does not keep the deal under this rule set.</source>
        <translation>%1 est donneur mais ne garde pas la donne selon ce règlement.</translation>
    </message>
    <message>
        <source>Nobody has reached %1: the game goes on into %2, an extra round.</source>
        <translation>Personne n’a atteint %1&#xa0;: la partie continue en %2, tour supplémentaire.</translation>
    </message>
    <message>
        <source>%1 has reached %2: the game ends.</source>
        <translation>%1 a atteint %2&#xa0;: la partie s&apos;arrête.</translation>
    </message>
    <message>
        <source>%1 have reached %2: the game ends.</source>
        <translation>%1 ont atteint %2&#xa0;: la partie s&apos;arrête.</translation>
    </message>
    <message>
        <source>The extra rounds are over and nobody reached %1: the game ends.</source>
        <translation>Les tours supplémentaires sont joués et personne n’a atteint %1&#xa0;: la partie s&apos;arrête.</translation>
    </message>
    <message>
        <source>The entry is cancelled (kept in the history as voided).</source>
        <translation>La saisie est annulée (elle reste dans l&apos;historique, marquée comme annulée).</translation>
    </message>
    <message numerus="yes">
        <source>%1 loses %n league point(s).</source>
        <translation>
            <numerusform>%1 perd %n point de ligue.</numerusform>
            <numerusform>%1 perd %n points de ligue.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 loses %n rating point(s) (offline).</source>
        <translation>
            <numerusform>%1 perd %n point de classement (hors ligne).</numerusform>
            <numerusform>%1 perd %n points de classement (hors ligne).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 takes %n riichi stick(s).</source>
        <translation>
            <numerusform>%1 prend %n bâton de riichi.</numerusform>
            <numerusform>%1 prend %n bâtons de riichi.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The %n riichi stick(s) left on the table go to the winner.</source>
        <translation>
            <numerusform>Le %n bâton de riichi resté sur la table va au gagnant.</numerusform>
            <numerusform>Les %n bâtons de riichi restés sur la table vont au gagnant.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The %n riichi stick(s) left on the table are lost.</source>
        <translation>
            <numerusform>Le %n bâton de riichi resté sur la table est perdu.</numerusform>
            <numerusform>Les %n bâtons de riichi restés sur la table sont perdus.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n earlier warning(s) for %1 at other tables this session: this is the %2 warning.</source>
        <translation>
            <numerusform>%n avertissement antérieur pour %1 à d&apos;autres tables pendant cette session&#xa0;: c&apos;est son %2 avertissement.</numerusform>
            <numerusform>%n avertissements antérieurs pour %1 à d&apos;autres tables pendant cette session&#xa0;: c&apos;est son %2 avertissement.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n earlier warning(s) for %1 at other tables in this tournament: this is the %2 warning.</source>
        <translation>
            <numerusform>%n avertissement antérieur pour %1 à d&apos;autres tables dans ce tournoi&#xa0;: c&apos;est son %2 avertissement.</numerusform>
            <numerusform>%n avertissements antérieurs pour %1 à d&apos;autres tables dans ce tournoi&#xa0;: c&apos;est son %2 avertissement.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n earlier call offence(s) for %1 at other tables this session: this is the %2.</source>
        <translation>
            <numerusform>%n faute d&apos;annonce antérieure pour %1 à d&apos;autres tables pendant cette session&#xa0;: c&apos;est la %2.</numerusform>
            <numerusform>%n fautes d&apos;annonce antérieures pour %1 à d&apos;autres tables pendant cette session&#xa0;: c&apos;est la %2.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n earlier call offence(s) for %1 at other tables in this tournament: this is the %2.</source>
        <translation>
            <numerusform>%n faute d&apos;annonce antérieure pour %1 à d&apos;autres tables dans ce tournoi&#xa0;: c&apos;est la %2.</numerusform>
            <numerusform>%n fautes d&apos;annonce antérieures pour %1 à d&apos;autres tables dans ce tournoi&#xa0;: c&apos;est la %2.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PreviewPanel</name>
    <message>
        <source>Note (optional)</source>
        <translation>Note (facultative)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>Retour</translation>
    </message>
    <message>
        <source>Confirm</source>
        <translation>Confirmer</translation>
    </message>
    <message>
        <source> (overall score)</source>
        <translation> (score global)</translation>
    </message>
    <message>
        <source> (table score)</source>
        <translation> (score à la table)</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>Rule-set note: %1</source>
        <translation>Note du règlement&#xa0;: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n avertissement</numerusform>
            <numerusform>%n avertissements</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n dead hand(s)</source>
        <translation>
            <numerusform>%n main morte</numerusform>
            <numerusform>%n mains mortes</numerusform>
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
            <numerusform>%n pénalité</numerusform>
            <numerusform>%n pénalités</numerusform>
        </translation>
    </message>
    <message>
        <source>Earlier in this tournament, %1: %2.</source>
        <translation>Antécédents de %1 dans ce tournoi&#xa0;: %2.</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>Joueur</translation>
    </message>
    <message>
        <source>Now</source>
        <translation>Actuel</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>Variation</translation>
    </message>
    <message>
        <source>After</source>
        <translation>Après</translation>
    </message>
    <message>
        <source>Overall change</source>
        <translation>Variation globale</translation>
    </message>
    <message>
        <source>%1 points leave the table (given to nobody).</source>
        <translation>%1 points quittent la table (donnés à personne).</translation>
    </message>
    <message>
        <source>%1 table points leave the table (given to nobody).</source>
        <translation>%1 points à la table quittent la table (donnés à personne).</translation>
    </message>
    <message>
        <source>Riichi sticks on the table: %1 → %2</source>
        <translation>Bâtons de riichi sur la table&#xa0;: %1 → %2</translation>
    </message>
    <message>
        <source>Counters: %1 → %2</source>
        <translation>Compteurs&#xa0;: %1 → %2</translation>
    </message>
    <message>
        <source>Dealer: %1 (stays)</source>
        <translation>Donneur&#xa0;: %1 (inchangé)</translation>
    </message>
    <message>
        <source>Dealer: %1 → %2</source>
        <translation>Donneur&#xa0;: %1 → %2</translation>
    </message>
    <message>
        <source>The hanchan ends.</source>
        <translation>Le hanchan est terminé.</translation>
    </message>
    <message>
        <source>%1 — extra round</source>
        <translation>%1 — tour supplémentaire</translation>
    </message>
    <message>
        <source>Next: %1</source>
        <translation>Main suivante&#xa0;: %1</translation>
    </message>
</context>
<context>
    <name>Question</name>
    <message>
        <source>Was the hand revealed?</source>
        <translation>La main a-t-elle été révélée&#xa0;?</translation>
    </message>
    <message>
        <source>Which tiles were shown?</source>
        <translation>Quelles tuiles ont été montrées&#xa0;?</translation>
    </message>
    <message>
        <source>Was the first call a win (ron)?</source>
        <translation>Le premier appel était-il une victoire (ron)&#xa0;?</translation>
    </message>
    <message>
        <source>Corrected at once?</source>
        <translation>Corrigé immédiatement&#xa0;?</translation>
    </message>
    <message>
        <source>How many tiles were exposed?</source>
        <translation>Combien de tuiles ont été révélées&#xa0;?</translation>
    </message>
    <message>
        <source>Exposed from where?</source>
        <translation>D&apos;où viennent les tuiles révélées&#xa0;?</translation>
    </message>
    <message>
        <source>When?</source>
        <translation>Quand&#xa0;?</translation>
    </message>
    <message>
        <source>Through no player&apos;s fault?</source>
        <translation>Sans faute d&apos;aucun joueur&#xa0;?</translation>
    </message>
    <message>
        <source>Can the game no longer continue fairly?</source>
        <translation>La partie ne peut-elle plus continuer de façon équitable&#xa0;?</translation>
    </message>
    <message>
        <source>Noticed before the player discarded?</source>
        <translation>Remarqué avant que le joueur ait écarté&#xa0;?</translation>
    </message>
    <message>
        <source>Minutes late</source>
        <translation>Minutes de retard</translation>
    </message>
    <message>
        <source>Did the player show the hand was tenpai before the dead hand?</source>
        <translation>Le joueur a-t-il montré que sa main était tenpai avant la main morte&#xa0;?</translation>
    </message>
    <message>
        <source>Did another player win at the same moment?</source>
        <translation>Un autre joueur a-t-il gagné au même moment&#xa0;?</translation>
    </message>
    <message>
        <source>Did the substitution happen after play began?</source>
        <translation>Le remplacement a-t-il eu lieu après le début du jeu&#xa0;?</translation>
    </message>
    <message>
        <source>Was it a tile of the dead wall?</source>
        <translation>Était-ce une tuile du mur mort&#xa0;?</translation>
    </message>
    <message>
        <source>Was it the first replacement tile of the dead wall?</source>
        <translation>Était-ce la première tuile de remplacement du mur mort&#xa0;?</translation>
    </message>
    <message>
        <source>Was the tile revealed or its face touched?</source>
        <translation>La tuile a-t-elle été révélée ou sa face touchée&#xa0;?</translation>
    </message>
    <message>
        <source>Serious or repeated?</source>
        <translation>Grave ou répété&#xa0;?</translation>
    </message>
    <message>
        <source>Was it a win declaration (ron or tsumo)?</source>
        <translation>Était-ce une déclaration de victoire (ron ou tsumo)&#xa0;?</translation>
    </message>
    <message>
        <source>Did the player know the hand was dead?</source>
        <translation>Le joueur savait-il que sa main était morte&#xa0;?</translation>
    </message>
    <message>
        <source>Was it a kan?</source>
        <translation>Était-ce un kong&#xa0;?</translation>
    </message>
    <message>
        <source>Was the tile mixed into the hand?</source>
        <translation>La tuile a-t-elle été mêlée à la main&#xa0;?</translation>
    </message>
    <message>
        <source>Was it drawn after the wall ran out?</source>
        <translation>A-t-elle été piochée après la fin du mur&#xa0;?</translation>
    </message>
    <message>
        <source>Penalty (table points)</source>
        <translation>Pénalité (points à la table)</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Motif</translation>
    </message>
    <message>
        <source>Referee&apos;s decision</source>
        <translation>Décision de l&apos;arbitre</translation>
    </message>
    <message>
        <source>For which offence?</source>
        <translation>Pour quelle faute&#xa0;?</translation>
    </message>
</context>
<context>
    <name>QuestionsPanel</name>
    <message>
        <source>Note (optional)</source>
        <translation>Note (facultative)</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>Retour</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <source>Preview</source>
        <translation>Aperçu</translation>
    </message>
    <message>
        <source>Substitute&apos;s name (optional)</source>
        <translation>Nom du remplaçant (facultatif)</translation>
    </message>
    <message>
        <source>No</source>
        <translation>Non</translation>
    </message>
    <message>
        <source>Yes</source>
        <translation>Oui</translation>
    </message>
    <message>
        <source>Penalty (points)</source>
        <translation>Pénalité (points)</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1&#xa0;: %2</translation>
    </message>
    <message>
        <source>No questions for this offence.</source>
        <translation>Aucune question pour cette faute.</translation>
    </message>
</context>
<context>
    <name>ReasonDialog</name>
    <message>
        <source>Keep this branch?</source>
        <translation>Garder cette branche&#xa0;?</translation>
    </message>
    <message>
        <source>The other branch is set aside: kept and shown in the history, never counted.</source>
        <translation>L&apos;autre branche est mise de côté&#xa0;: conservée et visible dans l&apos;historique, jamais comptée.</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Motif</translation>
    </message>
    <message>
        <source>The table was handed over to this tablet</source>
        <translation>La table a été confiée à cette tablette</translation>
    </message>
    <message>
        <source>The other tablet was out of use</source>
        <translation>L&apos;autre tablette était hors d&apos;usage</translation>
    </message>
    <message>
        <source>The same hand was entered twice</source>
        <translation>La même main a été saisie deux fois</translation>
    </message>
    <message>
        <source>or type the reason</source>
        <translation>ou saisissez le motif</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <source>Keep this branch</source>
        <translation>Garder cette branche</translation>
    </message>
</context>
<context>
    <name>ReportActions</name>
    <message>
        <source>The statement was NOT recorded: %1</source>
        <translation>La déclaration n’a PAS été enregistrée&#xa0;: %1</translation>
    </message>
    <message>
        <source>Recorded: the statement of %1.</source>
        <translation>Enregistré&#xa0;: la déclaration de %1.</translation>
    </message>
    <message>
        <source>%1: enter the referee PIN to sign this incident off</source>
        <translation>%1&#xa0;: saisissez le code PIN d’arbitre pour viser cet incident</translation>
    </message>
    <message>
        <source>Not signed: the PIN was not given.</source>
        <translation>Non visé&#xa0;: le code PIN n’a pas été saisi.</translation>
    </message>
    <message>
        <source>NOT signed: %1</source>
        <translation>PAS visé&#xa0;: %1</translation>
    </message>
    <message>
        <source>Signed off by %1.</source>
        <translation>Visé par %1.</translation>
    </message>
    <message>
        <source>%1, table %2, %3</source>
        <translation>%1, table %2, %3</translation>
    </message>
    <message>
        <source>Writing the report…</source>
        <translation>Rédaction du rapport…</translation>
    </message>
    <message>
        <source>The report was NOT written: %1</source>
        <translation>Le rapport n’a PAS été écrit&#xa0;: %1</translation>
    </message>
    <message>
        <source>Report written: %1</source>
        <translation>Rapport écrit&#xa0;: %1</translation>
    </message>
</context>
<context>
    <name>ReportPage</name>
    <message>
        <source>Language of the report</source>
        <translation>Langue du rapport</translation>
    </message>
    <message>
        <source>Write the PDF</source>
        <translation>Écrire le PDF</translation>
    </message>
    <message>
        <source>The file goes into the reports folder of this tablet&apos;s data folder.</source>
        <translation>Le fichier est écrit dans le dossier reports du dossier de données de cette tablette.</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>Retour</translation>
    </message>
    <message>
        <source>Incident report (PDF)</source>
        <translation>Rapport d’incident (PDF)</translation>
    </message>
    <message>
        <source>The report of this incident: %1</source>
        <translation>Le rapport de cet incident&#xa0;: %1</translation>
    </message>
    <message>
        <source>Tournament report (PDF)</source>
        <translation>Rapport du tournoi (PDF)</translation>
    </message>
    <message>
        <source>Every incident of %1: a summary, then each incident by table and session.</source>
        <translation>Tous les incidents de %1&#xa0;: un récapitulatif, puis chaque incident par table et par session.</translation>
    </message>
</context>
<context>
    <name>ReportTexts</name>
    <message>
        <source>Tournament incident report</source>
        <translation>Rapport des incidents du tournoi</translation>
    </message>
    <message>
        <source>Incident report</source>
        <translation>Rapport d’incident</translation>
    </message>
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
            <numerusform>%n annulé</numerusform>
            <numerusform>%n annulés</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n signed off</source>
        <translation>
            <numerusform>%n visé</numerusform>
            <numerusform>%n visés</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n not signed</source>
        <translation>
            <numerusform>%n non visé</numerusform>
            <numerusform>%n non visés</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>at %n table(s)</source>
        <translation>
            <numerusform>à %n table</numerusform>
            <numerusform>à %n tables</numerusform>
        </translation>
    </message>
    <message>
        <source>day of %1</source>
        <translation>journée du %1</translation>
    </message>
    <message>
        <source>Source status unknown: the table&apos;s entries could not be replayed.</source>
        <translation>Statut de la source inconnu&#xa0;: les saisies de la table n’ont pas pu être rejouées.</translation>
    </message>
    <message>
        <source>A rule of the club&apos;s own file, not of the rule book.</source>
        <translation>Une règle propre au club, pas une règle du règlement.</translation>
    </message>
    <message>
        <source>Source checked against the rule book&apos;s text.</source>
        <translation>Source vérifiée sur le texte du règlement.</translation>
    </message>
    <message>
        <source>Signed off by %1 on %2, with the referee PIN of the signing device.</source>
        <translation>Visé par %1 le %2, avec le code PIN d’arbitre de l’appareil signataire.</translation>
    </message>
    <message>
        <source>Signed off by %1 on %2 (the signing device had no referee PIN).</source>
        <translation>Visé par %1 le %2 (l’appareil signataire n’avait pas de code PIN d’arbitre).</translation>
    </message>
    <message>
        <source>Seat</source>
        <translation>Place</translation>
    </message>
    <message>
        <source>Wind</source>
        <translation>Vent</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>Joueur</translation>
    </message>
    <message>
        <source>Role</source>
        <translation>Rôle</translation>
    </message>
    <message>
        <source>Dealer</source>
        <translation>Donneur</translation>
    </message>
    <message>
        <source>No statement was recorded.</source>
        <translation>Aucune déclaration enregistrée.</translation>
    </message>
    <message>
        <source>Statement of %1, recorded by %2 on %3</source>
        <translation>Déclaration de %1, enregistrée par %2 le %3</translation>
    </message>
    <message>
        <source>Statement of %1, recorded on %2</source>
        <translation>Déclaration de %1, enregistrée le %2</translation>
    </message>
    <message>
        <source>(recorded after the sign-off)</source>
        <translation>(enregistrée après le visa)</translation>
    </message>
    <message>
        <source>“%1”</source>
        <comment>a statement in quotation marks</comment>
        <translation>«&#xa0;%1&#xa0;»</translation>
    </message>
    <message>
        <source>Not signed.</source>
        <translation>Non visé.</translation>
    </message>
    <message>
        <source>Signature of the head referee:</source>
        <translation>Signature de l’arbitre principal&#xa0;:</translation>
    </message>
    <message>
        <source>Date:</source>
        <translation>Date&#xa0;:</translation>
    </message>
    <message>
        <source>Tournament</source>
        <translation>Tournoi</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>Table</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Heure</translation>
    </message>
    <message>
        <source>Session</source>
        <translation>Session</translation>
    </message>
    <message>
        <source>Hanchan</source>
        <translation>Hanchan</translation>
    </message>
    <message>
        <source>Hand</source>
        <translation>Main</translation>
    </message>
    <message>
        <source>Counters</source>
        <translation>Compteurs</translation>
    </message>
    <message>
        <source>Entered by</source>
        <translation>Saisi par</translation>
    </message>
    <message>
        <source>Rule set</source>
        <translation>Règlement</translation>
    </message>
    <message>
        <source>Voided</source>
        <translation>Annulé</translation>
    </message>
    <message>
        <source>No</source>
        <translation>Non</translation>
    </message>
    <message>
        <source>Incident ID</source>
        <translation>Identifiant</translation>
    </message>
    <message>
        <source>The incident</source>
        <translation>L’incident</translation>
    </message>
    <message>
        <source>Offence</source>
        <translation>Faute</translation>
    </message>
    <message>
        <source>Offender</source>
        <translation>Fautif</translation>
    </message>
    <message>
        <source>Referee&apos;s note</source>
        <translation>Note de l’arbitre</translation>
    </message>
    <message>
        <source>Hand shown</source>
        <translation>Main montrée</translation>
    </message>
    <message>
        <source>The offence</source>
        <translation>La faute</translation>
    </message>
    <message>
        <source>Questions and answers</source>
        <translation>Questions et réponses</translation>
    </message>
    <message>
        <source>No question was asked.</source>
        <translation>Aucune question n’a été posée.</translation>
    </message>
    <message>
        <source>Ruling</source>
        <translation>Décision</translation>
    </message>
    <message>
        <source>Rule book</source>
        <translation>Règlement cité</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Source</translation>
    </message>
    <message>
        <source>Players: who pays whom</source>
        <translation>Joueurs&#xa0;: qui paie qui</translation>
    </message>
    <message>
        <source>Player statements</source>
        <translation>Déclarations des joueurs</translation>
    </message>
    <message>
        <source>Head referee&apos;s sign-off</source>
        <translation>Visa de l’arbitre principal</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>Récapitulatif</translation>
    </message>
    <message>
        <source>No incident was recorded in this tournament.</source>
        <translation>Aucun incident n’a été enregistré dans ce tournoi.</translation>
    </message>
    <message>
        <source>No.</source>
        <translation>N°</translation>
    </message>
    <message>
        <source>Signed off</source>
        <translation>Visé par</translation>
    </message>
    <message>
        <source>Table %1 · session %2</source>
        <translation>Table %1 · session %2</translation>
    </message>
    <message>
        <source>%1 (voided)</source>
        <translation>%1 (annulé)</translation>
    </message>
    <message>
        <source>not signed</source>
        <translation>non visé</translation>
    </message>
    <message>
        <source>Incident %1 of %2 · table %3 · session %4</source>
        <translation>Incident %1 sur %2 · table %3 · session %4</translation>
    </message>
    <message>
        <source>refapp · printed %1</source>
        <translation>refapp · imprimé le %1</translation>
    </message>
    <message>
        <source>Page %1 of %2</source>
        <translation>Page %1 sur %2</translation>
    </message>
</context>
<context>
    <name>ReseatPage</name>
    <message>
        <source>Re-seat table %1</source>
        <translation>Replacer la table %1</translation>
    </message>
    <message>
        <source>For each seat as it was recorded, give who really sat there and in which seat. Change a name only for a player from another table. The hands recorded so far are played again under the right seats; nothing is deleted.</source>
        <translation>Pour chaque place telle qu’elle a été enregistrée, indiquez qui s’y trouvait vraiment et à quelle place. Ne changez un nom que pour un joueur venu d’une autre table. Les mains déjà enregistrées sont rejouées aux bonnes places&#xa0;; rien n’est effacé.</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <source>Preview</source>
        <translation>Aperçu</translation>
    </message>
    <message>
        <source>Re-seat table %1: what changes</source>
        <translation>Replacer la table %1&#xa0;: ce qui change</translation>
    </message>
    <message>
        <source>Back</source>
        <translation>Retour</translation>
    </message>
    <message>
        <source>Re-seat and replay</source>
        <translation>Replacer et rejouer</translation>
    </message>
    <message>
        <source>%1 entries of hanchan %2 are voided and entered again under the right seats. The history keeps both, with the reason.</source>
        <translation>%1 saisies du hanchan %2 sont annulées et saisies à nouveau aux bonnes places. L’historique garde les deux, avec la raison.</translation>
    </message>
    <message>
        <source>%1: leaves the table (was %2, %3)</source>
        <translation>%1&#xa0;: quitte la table (était %2, %3)</translation>
    </message>
    <message>
        <source>%1: joins the table at %2, %3</source>
        <translation>%1&#xa0;: rejoint la table en %2, %3</translation>
    </message>
    <message>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <source>%1 (unchanged)</source>
        <translation>%1 (inchangé)</translation>
    </message>
    <message>
        <source>%1: %2, %3</source>
        <translation>%1&#xa0;: %2, %3</translation>
    </message>
    <message>
        <source>overall %1 → %2</source>
        <translation>global %1 → %2</translation>
    </message>
</context>
<context>
    <name>ResultTexts</name>
    <message>
        <source>a substitute</source>
        <translation>un joueur de substitution</translation>
    </message>
    <message>
        <source>%1, then %2</source>
        <translation>%1, puis %2</translation>
    </message>
    <message>
        <source>time limit</source>
        <translation>temps écoulé</translation>
    </message>
    <message>
        <source>last hand played</source>
        <translation>dernière main jouée</translation>
    </message>
    <message>
        <source>a score fell below zero</source>
        <translation>un score est passé sous zéro</translation>
    </message>
    <message>
        <source>the dealer led in the last hand</source>
        <translation>le donneur était en tête à la dernière main</translation>
    </message>
    <message>
        <source>the target was reached in an extra round</source>
        <translation>l’objectif a été atteint dans un tour supplémentaire</translation>
    </message>
    <message>
        <source>the extra rounds were played</source>
        <translation>les tours supplémentaires ont été joués</translation>
    </message>
    <message>
        <source>ended by the referee (%1)</source>
        <translation>arrêté par l’arbitre (%1)</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rang</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>Joueur</translation>
    </message>
    <message>
        <source>Wind</source>
        <translation>Vent</translation>
    </message>
    <message>
        <source>Table score</source>
        <translation>Score à la table</translation>
    </message>
    <message>
        <source>Overall</source>
        <translation>Global</translation>
    </message>
    <message>
        <source>%1 (dealer)</source>
        <translation>%1 (donneur)</translation>
    </message>
    <message>
        <source>Substitute</source>
        <translation>Joueur de substitution</translation>
    </message>
    <message>
        <source>substitute for %1</source>
        <translation>remplace %1</translation>
    </message>
    <message>
        <source>Uma</source>
        <translation>Uma</translation>
    </message>
    <message>
        <source>Oka</source>
        <translation>Oka</translation>
    </message>
    <message>
        <source>Leftover sticks</source>
        <translation>Bâtons restants</translation>
    </message>
    <message>
        <source>Penalty</source>
        <translation>Pénalité</translation>
    </message>
    <message>
        <source>Final</source>
        <translation>Final</translation>
    </message>
    <message>
        <source>absent</source>
        <translation>absent</translation>
    </message>
    <message>
        <source>disqualified</source>
        <translation>disqualifié</translation>
    </message>
    <message>
        <source>not ranked</source>
        <translation>non classé</translation>
    </message>
</context>
<context>
    <name>ResultsView</name>
    <message>
        <source>End the hanchan (time limit)</source>
        <translation>Terminer le hanchan (temps écoulé)</translation>
    </message>
    <message>
        <source>Keep playing</source>
        <translation>Continuer à jouer</translation>
    </message>
    <message>
        <source>End the hanchan</source>
        <translation>Terminer le hanchan</translation>
    </message>
    <message>
        <source>Table scores over the hanchan</source>
        <translation>Scores à la table au fil du hanchan</translation>
    </message>
    <message>
        <source>Results</source>
        <translation>Résultats</translation>
    </message>
    <message>
        <source>No table is open: set up the table first.</source>
        <translation>Aucune table ouverte&#xa0;: configurez d&apos;abord la table.</translation>
    </message>
    <message>
        <source>No hanchan has been started at this table yet.</source>
        <translation>Aucun hanchan n&apos;a encore été commencé à cette table.</translation>
    </message>
    <message>
        <source>Table %1 · hanchan %2 · %3</source>
        <translation>Table %1 · hanchan %2 · %3</translation>
    </message>
    <message>
        <source>Results of hanchan %1</source>
        <translation>Résultats du hanchan %1</translation>
    </message>
    <message>
        <source>over: %1</source>
        <translation>terminé&#xa0;: %1</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>Standings of hanchan %1</source>
        <translation>Classement du hanchan %1</translation>
    </message>
    <message>
        <source>%1 — extra round, target %2</source>
        <translation>%1 — tour supplémentaire, objectif %2</translation>
    </message>
    <message>
        <source>%1 · counters: %2 · riichi sticks: %3</source>
        <translation>%1 · compteurs&#xa0;: %2 · bâtons de riichi&#xa0;: %3</translation>
    </message>
    <message>
        <source>A referee can end the hanchan at the time limit (Referee button, PIN).</source>
        <translation>Un arbitre peut terminer le hanchan à la limite de temps (bouton Arbitre, code PIN).</translation>
    </message>
    <message>
        <source>This hanchan</source>
        <translation>Ce hanchan</translation>
    </message>
    <message>
        <source>Tournament</source>
        <translation>Tournoi</translation>
    </message>
    <message>
        <source>End the hanchan now (time limit)?</source>
        <translation>Terminer le hanchan maintenant (temps écoulé)&#xa0;?</translation>
    </message>
</context>
<context>
    <name>RiichiConfirm</name>
    <message>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <source>Confirm</source>
        <translation>Confirmer</translation>
    </message>
</context>
<context>
    <name>RuleSetSection</name>
    <message>
        <source>Choose the rule set this hanchan is played under.</source>
        <translation>Choisissez le règlement de ce hanchan.</translation>
    </message>
</context>
<context>
    <name>RuleSetText</name>
    <message>
        <source>EMA 2008 (MahjongTime)</source>
        <translation>EMA 2008 (MahjongTime)</translation>
    </message>
    <message>
        <source>The source has no substitutes or disqualifications: as in the EMA rules of 2012 (§5.7), a player disqualified during a hanchan gets the absent player&apos;s line (here 0 points and no uma), marked.</source>
        <translation>La source ne traite ni des remplaçants ni des disqualifications&#xa0;: comme dans les règles EMA de 2012 (§5.7), un joueur disqualifié pendant un hanchan reçoit la ligne du joueur absent (ici 0 point et pas d’uma), marquée comme telle.</translation>
    </message>
    <message>
        <source>The source has no tournament ranking: as in the EMA rules of 2012 (§5.7).</source>
        <translation>La source ne traite pas du classement d’un tournoi&#xa0;: comme dans les règles EMA de 2012 (§5.7).</translation>
    </message>
    <message>
        <source>The source has no substitutes.</source>
        <translation>La source ne traite pas des remplaçants.</translation>
    </message>
    <message>
        <source>The source says of a game only &quot;Ties may occur&quot; (§3.6).</source>
        <translation>La source dit seulement d’une partie «&#xa0;Ties may occur&#xa0;» (il peut y avoir des égalités, §3.6).</translation>
    </message>
    <message>
        <source>The source has no time limit: refapp&apos;s default, as in the WRC rules of 2015 (§8.2): the hand in play is finished, then the hanchan ends. The organiser sets the tournament&apos;s own rule.</source>
        <translation>La source ne fixe pas de limite de temps&#xa0;: valeur par défaut de refapp, comme dans les règles WRC de 2015 (§8.2)&#xa0;: la main en cours est terminée, puis le hanchan se termine. L’organisateur règle celle du tournoi.</translation>
    </message>
    <message>
        <source>Not in the source: as in the WRC rules of 2015 (§8.2), a chombo in the last hand is not re-dealt; the hanchan ends.</source>
        <translation>Absent de la source&#xa0;: comme dans les règles WRC de 2015 (§8.2), un chombo dans la dernière main n’est pas redistribué&#xa0;; le hanchan se termine.</translation>
    </message>
    <message>
        <source>§3.4.6 (+ §3.4.11)</source>
        <translation>§3.4.6 (+ §3.4.11)</translation>
    </message>
    <message>
        <source>§3.4.6</source>
        <translation>§3.4.6</translation>
    </message>
    <message>
        <source>Only determined at a drawn game: record it instead of the draw.</source>
        <translation>Déterminé seulement en cas de partie du mur&#xa0;: enregistrez-le à la place de la partie du mur.</translation>
    </message>
    <message>
        <source>Only determined if the offender wins or at a drawn game.</source>
        <translation>Déterminé seulement si le joueur fautif gagne ou en cas de partie du mur.</translation>
    </message>
    <message>
        <source>§3.4.7</source>
        <translation>§3.4.7</translation>
    </message>
    <message>
        <source>Making an invalid kong, pung or chow.</source>
        <translation>Former un kong, un pung ou un chow invalide.</translation>
    </message>
    <message>
        <source>Swap-calling is allowed under these rules.</source>
        <translation>L&apos;appel d&apos;échange est autorisé dans ces règles.</translation>
    </message>
    <message>
        <source>Too few tiles on the hand.</source>
        <translation>Trop peu de tuiles dans la main.</translation>
    </message>
    <message>
        <source>Claiming a tile after the hand is declared a dead hand.</source>
        <translation>Réclamer une tuile après que la main a été déclarée morte.</translation>
    </message>
    <message>
        <source>§3.4.6, §3.4.7, §3.4.8</source>
        <translation>§3.4.6, §3.4.7, §3.4.8</translation>
    </message>
    <message>
        <source>More than five tiles exposed at the same time.</source>
        <translation>Plus de cinq tuiles révélées en même temps.</translation>
    </message>
    <message>
        <source>Exposing tiles from an opponent&apos;s hand or from the dead wall.</source>
        <translation>Révéler des tuiles de la main d&apos;un adversaire ou du mur mort.</translation>
    </message>
    <message>
        <source>Tiles exposed from the wall are placed back.</source>
        <translation>Les tuiles révélées du mur sont remises en place.</translation>
    </message>
    <message>
        <source>A tile of the dead wall was exposed.</source>
        <translation>Une tuile du mur mort a été révélée.</translation>
    </message>
    <message>
        <source>Treated as noten: record the draw with this seat noten.</source>
        <translation>Traité comme noten&#xa0;: enregistrez la partie du mur avec ce joueur noten.</translation>
    </message>
    <message>
        <source>The source has no attendance rules: a substitute plays the seat.</source>
        <translation>La source n&apos;a pas de règles de présence&#xa0;: un remplaçant prend la place.</translation>
    </message>
    <message>
        <source>EMA 2012</source>
        <translation>EMA 2012</translation>
    </message>
    <message>
        <source>§5.7: a disqualification is one of the substitutions after play has begun (&quot;in case a player is disqualified&quot;), and a player who was substituted receives 0 points and an uma of -30,000 for each session missed. The disqualified player has that line, marked, and is ranked at the bottom.</source>
        <translation>§5.7&#xa0;: une disqualification est l’un des remplacements après le début du jeu («&#xa0;si un joueur est disqualifié&#xa0;»), et un joueur remplacé reçoit 0 point et un uma de −30&#x202f;000 pour chaque session manquée. Le joueur disqualifié a cette ligne, marquée comme telle, et il est classé en dernier.</translation>
    </message>
    <message>
        <source>§5.7: &quot;A disqualified player will be ranked at the bottom of the result list and the result will count for the EMA ranking list.&quot;</source>
        <translation>§5.7&#xa0;: «&#xa0;Un joueur disqualifié sera classé en bas de la liste des résultats et son résultat comptera pour le classement EMA.&#xa0;»</translation>
    </message>
    <message>
        <source>§5.7: &quot;Substitute players&apos; session results will always be entered in the tournament score keeping as 0 points and -30,000 uma.&quot;</source>
        <translation>§5.7&#xa0;: «&#xa0;Les résultats de session des joueurs remplaçants seront toujours saisis dans le décompte du tournoi comme 0 point et −30&#x202f;000 d’uma.&#xa0;»</translation>
    </message>
    <message>
        <source>The sections read say nothing on equal totals in the final ranking.</source>
        <translation>Les sections lues ne disent rien des totaux égaux au classement final.</translation>
    </message>
    <message>
        <source>The sections read (§3.4.6-8, §5.1-5.7) say nothing on a time limit: refapp&apos;s default, as in the WRC rules of 2015 (§8.2): the hand in play is finished, then the hanchan ends. The organiser sets the tournament&apos;s own rule.</source>
        <translation>Les sections lues (§3.4.6-8, §5.1-5.7) ne disent rien d’une limite de temps&#xa0;: valeur par défaut de refapp, comme dans les règles WRC de 2015 (§8.2)&#xa0;: la main en cours est terminée, puis le hanchan se termine. L’organisateur règle celle du tournoi.</translation>
    </message>
    <message>
        <source>§5.1.2</source>
        <translation>§5.1.2</translation>
    </message>
    <message>
        <source>Corrected immediately (&quot;Ippatsu, I mean ron&quot;): the hand is valid.</source>
        <translation>Corrigé immédiatement («&#xa0;Ippatsu, je veux dire ron&#xa0;»)&#xa0;: la main est valide.</translation>
    </message>
    <message>
        <source>A non-standard word (&quot;Ippatsu&quot;) and the tiles revealed.</source>
        <translation>Un terme non standard («&#xa0;Ippatsu&#xa0;») et les tuiles révélées.</translation>
    </message>
    <message>
        <source>Ron and tsumo confused: the hand is valid; remind the player to use the valid word. Repeats are at the referee&apos;s discretion.</source>
        <translation>Ron et tsumo confondus&#xa0;: la main est valide&#xa0;; rappelez au joueur d&apos;utiliser le terme valide. Les récidives sont à la discrétion de l&apos;arbitre.</translation>
    </message>
    <message>
        <source>§5.1.3</source>
        <translation>§5.1.3</translation>
    </message>
    <message>
        <source>A quick correction is allowed unless the first call was a win (&quot;pung, no ron&quot;: the ron is valid).</source>
        <translation>Une correction rapide est autorisée, sauf si le premier appel était une victoire («&#xa0;pung, non, ron&#xa0;»&#xa0;: le ron est valide).</translation>
    </message>
    <message>
        <source>&quot;Ron, no pung&quot; without a winning hand, all tiles revealed.</source>
        <translation>«&#xa0;Ron, non, pung&#xa0;» sans main gagnante, toutes les tuiles révélées.</translation>
    </message>
    <message>
        <source>&quot;Ron, no pung&quot; without a winning hand, no tiles or the two pung tiles revealed.</source>
        <translation>«&#xa0;Ron, non, pung&#xa0;» sans main gagnante, aucune tuile ou les deux tuiles du pung révélées.</translation>
    </message>
    <message>
        <source>§5.3</source>
        <translation>§5.3</translation>
    </message>
    <message>
        <source>Still a valid riichi: correct the mistake as soon as it is noticed; opponents should point it out.</source>
        <translation>Le riichi reste valide&#xa0;: corrigez l&apos;erreur dès qu&apos;elle est remarquée&#xa0;; les adversaires devraient la signaler.</translation>
    </message>
    <message>
        <source>Not a valid riichi: the bet is returned and the hand is dead.</source>
        <translation>Riichi non valide&#xa0;: la mise est rendue et la main est morte.</translation>
    </message>
    <message>
        <source>§5.1.4, §3.4.7</source>
        <translation>§5.1.4, §3.4.7</translation>
    </message>
    <message>
        <source>Discovered before the discard: it can be corrected.</source>
        <translation>Découvert avant l&apos;écart&#xa0;: l&apos;erreur peut être corrigée.</translation>
    </message>
    <message>
        <source>§5.1.1</source>
        <translation>§5.1.1</translation>
    </message>
    <message>
        <source>The claimed tile was not taken before the next two players discarded: a false set.</source>
        <translation>La tuile réclamée n&apos;a pas été prise avant que les deux joueurs suivants aient écarté&#xa0;: faux groupe.</translation>
    </message>
    <message>
        <source>§5.1</source>
        <translation>§5.1</translation>
    </message>
    <message>
        <source>Errors in the order of a call are pointed out, without penalty.</source>
        <translation>Les erreurs dans l&apos;ordre d&apos;un appel sont signalées, sans pénalité.</translation>
    </message>
    <message>
        <source>A pung takes precedence over a chow within the time to call.</source>
        <translation>Un pung a priorité sur un chow dans le délai d&apos;appel.</translation>
    </message>
    <message>
        <source>§3.4.6, §5.2</source>
        <translation>§3.4.6, §5.2</translation>
    </message>
    <message>
        <source>Too many tiles exposed through no player&apos;s fault: re-deal without penalty.</source>
        <translation>Trop de tuiles révélées sans faute d&apos;aucun joueur&#xa0;: redistribution sans pénalité.</translation>
    </message>
    <message>
        <source>More than five tiles exposed (wall, dead wall, own or opponents&apos; hands).</source>
        <translation>Plus de cinq tuiles révélées (mur, mur mort, main du joueur ou des adversaires).</translation>
    </message>
    <message>
        <source>The tiles go back where they came from; the dead hand must be announced clearly.</source>
        <translation>Les tuiles sont replacées là d&apos;où elles viennent&#xa0;; la main morte doit être annoncée clairement.</translation>
    </message>
    <message>
        <source>The tiles go back where they came from.</source>
        <translation>Les tuiles sont replacées là d&apos;où elles viennent.</translation>
    </message>
    <message>
        <source>§5.2.5</source>
        <translation>§5.2.5</translation>
    </message>
    <message>
        <source>A tile of the dead wall was taken: dead hand, announced clearly.</source>
        <translation>Une tuile du mur mort a été prise&#xa0;: main morte, annoncée clairement.</translation>
    </message>
    <message>
        <source>Corrected if noticed before the discard; no penalty.</source>
        <translation>Corrigé si remarqué avant l&apos;écart&#xa0;; pas de pénalité.</translation>
    </message>
    <message>
        <source>Serious or repeated: 12,000 to 48,000 off the table score at once, to nobody. Further repeats: disqualification.</source>
        <translation>Cas graves ou répétés&#xa0;: 12&#x202f;000 à 48&#x202f;000 déduits immédiatement du score à la table, donnés à personne. Nouvelles récidives&#xa0;: disqualification.</translation>
    </message>
    <message>
        <source>8,000 or 12,000 (chombo level) off the table score at once, to nobody. Further repeats: disqualification.</source>
        <translation>8&#x202f;000 ou 12&#x202f;000 (niveau chombo) déduits immédiatement du score à la table, donnés à personne. Nouvelles récidives&#xa0;: disqualification.</translation>
    </message>
    <message>
        <source>The 2012 rules have no rule on this: the referee decides.</source>
        <translation>Les règles 2012 ne disent rien à ce sujet&#xa0;: l&apos;arbitre décide.</translation>
    </message>
    <message>
        <source>The absent player gets 0 points and -30,000 uma, and so does the substitute&apos;s session. A substitute who comes in after play began always takes the last uma.</source>
        <translation>Le joueur absent reçoit 0 point et -30&#x202f;000 d&apos;uma, comme la session du joueur de substitution. Un joueur de substitution arrivé après le début du jeu prend toujours le dernier uma.</translation>
    </message>
    <message>
        <source>A recorded warning (in §5.4 the opponents normally warn first); it has no penalty of its own.</source>
        <translation>Un avertissement enregistré (au §5.4, les adversaires avertissent normalement d&apos;abord)&#xa0;; il n&apos;entraîne pas de pénalité en soi.</translation>
    </message>
    <message>
        <source>§5.5, §5.6</source>
        <translation>§5.5, §5.6</translation>
    </message>
    <message>
        <source>30,000 start and return: from a tournament system&apos;s EMA settings. The results are the same with any start, since they count from the return points.</source>
        <translation>30&#x202f;000 au départ et au retour&#xa0;: d&apos;après les réglages EMA d&apos;un logiciel de tournoi. Les résultats sont les mêmes quel que soit le départ, car ils se comptent à partir des points de retour.</translation>
    </message>
    <message>
        <source>Uma of 15,000 / 5,000 / -5,000 / -15,000: from the EMA&apos;s list of 2016 changes.</source>
        <translation>Uma de 15&#x202f;000 / 5&#x202f;000 / -5&#x202f;000 / -15&#x202f;000&#xa0;: d&apos;après la liste des changements 2016 de l&apos;EMA.</translation>
    </message>
    <message>
        <source>A chombo costs 20,000 from the hanchan result after uma, the table untouched: from the EMA&apos;s list of 2016 changes.</source>
        <translation>Un chombo coûte 20&#x202f;000 sur le résultat du hanchan après uma, sans toucher à la table&#xa0;: d&apos;après la liste des changements 2016 de l&apos;EMA.</translation>
    </message>
    <message>
        <source>The 2012 rule (a chombo at the same moment as a win is voided) is assumed kept in 2016.</source>
        <translation>La règle de 2012 (un chombo survenant en même temps qu&apos;une victoire est annulé) est supposée maintenue en 2016.</translation>
    </message>
    <message>
        <source>Multiple ron allowed: from the EMA&apos;s list of 2016 changes.</source>
        <translation>Ron multiple autorisé&#xa0;: d&apos;après la liste des changements 2016 de l&apos;EMA.</translation>
    </message>
    <message>
        <source>Every winner of a multiple ron is paid the counters, as tournament systems do for the EMA rules; the riichi sticks go to the first winner from the discarder&apos;s right.</source>
        <translation>Chaque gagnant d&apos;un ron multiple reçoit les compteurs, comme le font les logiciels de tournoi pour les règles EMA&#xa0;; les mises de riichi vont au premier gagnant à droite du joueur qui a écarté.</translation>
    </message>
    <message>
        <source>Swap-calling is forbidden from 2016 (§3.3.2, read in the EMA&apos;s list of changes).</source>
        <translation>L&apos;appel d&apos;échange est interdit depuis 2016 (§3.3.2, lu dans la liste des changements de l&apos;EMA).</translation>
    </message>
    <message>
        <source>No abortive draws: from the EMA&apos;s list of 2016 changes.</source>
        <translation>Pas de partie avortée&#xa0;: d&apos;après la liste des changements 2016 de l&apos;EMA.</translation>
    </message>
    <message>
        <source>The two-yaku rule at five counters was removed in 2016 (the EMA&apos;s list of changes).</source>
        <translation>La règle des deux yaku à cinq compteurs a été supprimée en 2016 (liste des changements de l&apos;EMA).</translation>
    </message>
    <message>
        <source>Liability for Big Three Dragons and Big Four Winds as in the 2008 wording of §3.3.9, not checked against the 2016 text.</source>
        <translation>Responsabilité (pao) pour les Trois grands dragons et les Quatre grands vents, selon la rédaction 2008 du §3.3.9, non vérifiée dans le texte de 2016.</translation>
    </message>
    <message>
        <source>Riichi sticks left at the end go to the winner: from the EMA&apos;s list of 2016 changes.</source>
        <translation>Les mises de riichi restant à la fin vont au gagnant&#xa0;: d&apos;après la liste des changements 2016 de l&apos;EMA.</translation>
    </message>
    <message>
        <source>The 2016 text of chapter 5 was not seen: the 2012 table-score penalties are used.</source>
        <translation>Le texte 2016 du chapitre 5 n&apos;a pas été lu&#xa0;: les pénalités sur le score à la table de 2012 sont appliquées.</translation>
    </message>
    <message>
        <source>The 2012 obstruction maximum of 48,000 is used.</source>
        <translation>Le maximum de 2012 pour l&apos;obstruction, 48&#x202f;000, est appliqué.</translation>
    </message>
    <message>
        <source>§5.7 (being late) was not seen: the 2012 rule of 1,000 table points per minute is used.</source>
        <translation>Le §5.7 (retard) n&apos;a pas été lu&#xa0;: la règle de 2012, 1&#x202f;000 points à la table par minute, est appliquée.</translation>
    </message>
    <message>
        <source>A replaced player gets -15,000 and -15,000 uma (-30,000 in all, as in 2012): from a tournament system&apos;s EMA settings; §5.8 (substitute players) was not seen.</source>
        <translation>Un joueur remplacé reçoit -15&#x202f;000 et -15&#x202f;000 d&apos;uma (-30&#x202f;000 en tout, comme en 2012)&#xa0;: d&apos;après les réglages EMA d&apos;un logiciel de tournoi&#xa0;; le §5.8 (joueurs de substitution) n&apos;a pas été lu.</translation>
    </message>
    <message>
        <source>The 2012 rule is used: the substitute&apos;s session is entered with the replaced player&apos;s fixed result.</source>
        <translation>La règle de 2012 est appliquée&#xa0;: la session du joueur de substitution est enregistrée avec le résultat fixe du joueur remplacé.</translation>
    </message>
    <message>
        <source>The 2012 rule is used: a substitute who comes in after play began takes the last uma.</source>
        <translation>La règle de 2012 est appliquée&#xa0;: un joueur de substitution arrivé après le début du jeu prend le dernier uma.</translation>
    </message>
    <message>
        <source>The 2012 &apos;more than five tiles&apos; is used.</source>
        <translation>Le «&#xa0;plus de cinq tuiles&#xa0;» de 2012 est appliqué.</translation>
    </message>
    <message>
        <source>The 2016 text was not seen: the 2012 reading is used (§5.7 of 2012: a disqualified player was substituted after play began and gets the replaced player&apos;s result, marked).</source>
        <translation>Le texte de 2016 n’a pas été lu&#xa0;: la lecture de 2012 est utilisée (§5.7 de 2012&#xa0;: un joueur disqualifié a été remplacé après le début du jeu et reçoit le résultat du joueur remplacé, marqué comme tel).</translation>
    </message>
    <message>
        <source>The 2016 text was not seen: the 2012 reading is used (§5.7 of 2012: ranked at the bottom of the result list, and the result counts for the EMA ranking).</source>
        <translation>Le texte de 2016 n’a pas été lu&#xa0;: la lecture de 2012 est appliquée (§5.7 de 2012&#xa0;: classé en bas de la liste des résultats, et le résultat compte pour le classement EMA).</translation>
    </message>
    <message>
        <source>The 2016 text was not seen: as in 2012 (§5.7), substitutes are entered under their own names, never ranked.</source>
        <translation>Le texte de 2016 n’a pas été lu&#xa0;: comme en 2012 (§5.7), les remplaçants sont saisis sous leur propre nom, jamais classés.</translation>
    </message>
    <message>
        <source>§5.9 (Tournament sessions) was not read: the rule of the WRC rules of 2015 (§8.2), with which the 2016 rules were aligned, is used: the hand in play is finished, then the hanchan ends.</source>
        <translation>Le §5.9 (sessions du tournoi) n’a pas été lu&#xa0;: la règle WRC de 2015 (§8.2), sur laquelle les règles de 2016 ont été alignées, est appliquée&#xa0;: la main en cours est terminée, puis le hanchan se termine.</translation>
    </message>
    <message>
        <source>§5.9 was not read: as in WRC 2015 §8.2, a chombo during the last hand is not re-dealt; the hanchan ends.</source>
        <translation>Le §5.9 n’a pas été lu&#xa0;: comme en WRC 2015 §8.2, un chombo pendant la dernière main n’est pas redistribué&#xa0;; le hanchan se termine.</translation>
    </message>
    <message>
        <source>§3.4.6, §5.1.2</source>
        <translation>§3.4.6, §5.1.2</translation>
    </message>
    <message>
        <source>The 2016 list of chombo offences (§3.4.6) was not seen; §5.1.2 confirms a revealed invalid win.</source>
        <translation>La liste 2016 des fautes punies de chombo (§3.4.6) n&apos;a pas été lue&#xa0;; le §5.1.2 confirme pour une victoire invalide révélée.</translation>
    </message>
    <message>
        <source>The 2016 list of chombo offences was not seen: the 2012 ruling is used. Only determined at an exhaustive draw or when the offender declares a win: record it instead of the draw.</source>
        <translation>La liste 2016 des fautes punies de chombo n&apos;a pas été lue&#xa0;: la décision de 2012 est appliquée. Déterminé seulement à la partie du mur ou quand le joueur fautif déclare une victoire&#xa0;: enregistrez-le à la place de la partie du mur.</translation>
    </message>
    <message>
        <source>The 2016 list of chombo offences was not seen: the 2012 ruling is used. Only determined if the offender wins or at an exhaustive draw.</source>
        <translation>La liste 2016 des fautes punies de chombo n&apos;a pas été lue&#xa0;: la décision de 2012 est appliquée. Déterminé seulement si le joueur fautif gagne ou à la partie du mur.</translation>
    </message>
    <message>
        <source>The 2016 text was not seen: the 2012 ruling is used.</source>
        <translation>Le texte de 2016 n&apos;a pas été lu&#xa0;: la décision de 2012 est appliquée.</translation>
    </message>
    <message>
        <source>The 2016 text was not seen (its penalties are said to be more lenient): the 2012 ruling is used.</source>
        <translation>Le texte de 2016 n&apos;a pas été lu (ses pénalités seraient plus clémentes)&#xa0;: la décision de 2012 est appliquée.</translation>
    </message>
    <message>
        <source>The 2016 text was not seen: the 2012 ruling is used. The 2012 text says only &apos;dead hand&apos;; that the bet goes back is a reading.</source>
        <translation>Le texte de 2016 n&apos;a pas été lu&#xa0;: la décision de 2012 est appliquée. Le texte de 2012 dit seulement «&#xa0;main morte&#xa0;»&#xa0;; que la mise soit rendue est une interprétation.</translation>
    </message>
    <message>
        <source>The 2016 text was not seen: the referee decides, as under the 2012 rules.</source>
        <translation>Le texte de 2016 n&apos;a pas été lu&#xa0;: l&apos;arbitre décide, comme sous les règles de 2012.</translation>
    </message>
    <message>
        <source>Swap-calling is forbidden from 2016; the wording of its sanction was not seen: dead hand, as in the WRC rules.</source>
        <translation>L&apos;appel d&apos;échange est interdit depuis 2016&#xa0;; la formulation de sa sanction n&apos;a pas été lue&#xa0;: main morte, comme dans les règles WRC.</translation>
    </message>
    <message>
        <source>The 2016 text was not seen: the 2012 ruling is used (a chombo only if the dead hand had been declared, i.e. recorded here).</source>
        <translation>Le texte de 2016 n&apos;a pas été lu&#xa0;: la décision de 2012 est appliquée (chombo seulement si la main morte avait été déclarée, c&apos;est-à-dire enregistrée ici).</translation>
    </message>
    <message>
        <source>A pung takes precedence over a chow (the 2016 rules dropped the 2012 three-second rule): from a secondary source.</source>
        <translation>Un pung a priorité sur un chow (les règles 2016 ont abandonné la règle des trois secondes de 2012)&#xa0;: d&apos;après une source secondaire.</translation>
    </message>
    <message>
        <source>A pung takes precedence over a chow.</source>
        <translation>Un pung a priorité sur un chow.</translation>
    </message>
    <message>
        <source>§3.4.2</source>
        <translation>§3.4.2</translation>
    </message>
    <message>
        <source>A player who cannot or will not show a tenpai hand is noten, and the announcement cannot be changed: record the draw with this seat noten.</source>
        <translation>Un joueur qui ne peut ou ne veut pas montrer une main tenpai est noten, et l&apos;annonce ne peut pas être changée&#xa0;: enregistrez la partie du mur avec ce joueur noten.</translation>
    </message>
    <message>
        <source>§5.6 (telephones) was not seen: the referee decides.</source>
        <translation>Le §5.6 (téléphones) n&apos;a pas été lu&#xa0;: l&apos;arbitre décide.</translation>
    </message>
    <message>
        <source>No rule on this was seen: the referee decides.</source>
        <translation>Aucune règle n&apos;a été lue à ce sujet&#xa0;: l&apos;arbitre décide.</translation>
    </message>
    <message>
        <source>Not a separate offence: ruled as obstruction (2012 ruling).</source>
        <translation>Pas une faute distincte&#xa0;: traitée comme obstruction (décision de 2012).</translation>
    </message>
    <message>
        <source>§5.7 (being late) was not seen: the 2012 ruling is used.</source>
        <translation>Le §5.7 (retard) n&apos;a pas été lu&#xa0;: la décision de 2012 est appliquée.</translation>
    </message>
    <message>
        <source>§5.8 (substitute players) was not seen: -15,000 and -15,000 uma for a replaced player (-30,000 in all, as in 2012), from a tournament system&apos;s EMA settings.</source>
        <translation>Le §5.8 (joueurs de substitution) n&apos;a pas été lu&#xa0;: -15&#x202f;000 et -15&#x202f;000 d&apos;uma pour un joueur remplacé (-30&#x202f;000 en tout, comme en 2012), d&apos;après les réglages EMA d&apos;un logiciel de tournoi.</translation>
    </message>
    <message>
        <source>A recorded warning; it has no penalty of its own.</source>
        <translation>Un avertissement enregistré&#xa0;; il n&apos;entraîne pas de pénalité en soi.</translation>
    </message>
    <message>
        <source>The 2016 text was not seen: the 2012 table-score penalties are used.</source>
        <translation>Le texte de 2016 n&apos;a pas été lu&#xa0;: les pénalités sur le score à la table de 2012 sont appliquées.</translation>
    </message>
    <message>
        <source>§5.5, §5.8</source>
        <translation>§5.5, §5.8</translation>
    </message>
    <message>
        <source>EMA 2025</source>
        <translation>EMA 2025</translation>
    </message>
    <message>
        <source>§3.4.6: a chombo is re-dealt, the dealer does not rotate, this hand&apos;s riichi bets are returned, no counter; in a tournament it costs 20,000 after uma. From secondary sources (the 2025 text was not read); a tournament system&apos;s EMA 2025 settings agree.</source>
        <translation>§3.4.6&#xa0;: après un chombo la main est redistribuée, le donneur ne change pas, les mises de riichi de la main sont rendues, pas de compteur&#xa0;; en tournoi il coûte 20&#x202f;000 après uma. D&apos;après des sources secondaires (le texte 2025 n&apos;a pas été lu)&#xa0;; les réglages EMA 2025 d&apos;un logiciel de tournoi concordent.</translation>
    </message>
    <message>
        <source>The earlier EMA rule (a chombo at the same moment as a win is voided) is assumed kept.</source>
        <translation>La règle EMA antérieure (un chombo survenant en même temps qu&apos;une victoire est annulé) est supposée maintenue.</translation>
    </message>
    <message>
        <source>Start 30,000, uma 15,000 / 5,000 / -5,000 / -15,000: from secondary sources.</source>
        <translation>Départ 30&#x202f;000, uma 15&#x202f;000 / 5&#x202f;000 / -5&#x202f;000 / -15&#x202f;000&#xa0;: d&apos;après des sources secondaires.</translation>
    </message>
    <message>
        <source>Multiple ron (each winner paid separately), kiriage mangan, liability for Big Three Dragons and Big Four Winds, and a concealed kan after riichi only if the waits stay identical and the three tiles read only as a triplet: from secondary sources. A double-wind pair is worth 2 fu; riichi needs only one tile left in the wall.</source>
        <translation>Ron multiple (chaque gagnant payé séparément), kiriage mangan, responsabilité (pao) pour les Trois grands dragons et les Quatre grands vents, et kong caché après riichi seulement si les attentes restent identiques et que les trois tuiles ne se lisent que comme un brelan&#xa0;: d&apos;après des sources secondaires. Une paire de vent double vaut 2 fu&#xa0;; le riichi ne demande qu&apos;une tuile restante dans le mur.</translation>
    </message>
    <message>
        <source>Every winner of a multiple ron is paid the counters, as a tournament system&apos;s EMA 2025 settings do; the riichi sticks go to the first winner from the discarder&apos;s right.</source>
        <translation>Chaque gagnant d&apos;un ron multiple reçoit les compteurs, comme dans les réglages EMA 2025 d&apos;un logiciel de tournoi&#xa0;; les mises de riichi vont au premier gagnant à droite du joueur qui a écarté.</translation>
    </message>
    <message>
        <source>No abortive draws, as in 2016.</source>
        <translation>Pas de partie avortée, comme en 2016.</translation>
    </message>
    <message>
        <source>Riichi sticks left at the end go to the winner; tied winners split them, rounded down.</source>
        <translation>Les mises de riichi restant à la fin vont au gagnant&#xa0;; des gagnants à égalité se les partagent, arrondi à l&apos;inférieur.</translation>
    </message>
    <message>
        <source>Tied winners split leftover riichi sticks rounded down (to 100 points here).</source>
        <translation>Des gagnants à égalité se partagent les mises de riichi restantes, arrondi à l&apos;inférieur (à 100 points ici).</translation>
    </message>
    <message>
        <source>Penalties (chapter 6) and tournament rules (chapter 7) of the 2025 rules were not read: the EMA 2016 values are used (table-score penalties up to 48,000; 1,000 table points per minute late; a replaced player -15,000 and -15,000 uma).</source>
        <translation>Les pénalités (chapitre 6) et les règles de tournoi (chapitre 7) des règles 2025 n&apos;ont pas été lues&#xa0;: les valeurs EMA 2016 sont appliquées (pénalités sur le score à la table jusqu&apos;à 48&#x202f;000&#xa0;; 1&#x202f;000 points à la table par minute de retard&#xa0;; un joueur remplacé -15&#x202f;000 et -15&#x202f;000 d&apos;uma).</translation>
    </message>
    <message>
        <source>The 2025 tournament rules were not read: the EMA 2016 values are used (from the 2012 text, §5.7: a disqualified player gets the replaced player&apos;s result, marked).</source>
        <translation>Les règles de tournoi de 2025 n’ont pas été lues&#xa0;: les valeurs EMA 2016 sont utilisées (d’après le texte de 2012, §5.7&#xa0;: un joueur disqualifié reçoit le résultat du joueur remplacé, marqué comme tel).</translation>
    </message>
    <message>
        <source>The 2025 tournament rules were not read: the EMA 2016 values are used (from the 2012 text, §5.7).</source>
        <translation>Les règles de tournoi de 2025 n’ont pas été lues&#xa0;: les valeurs EMA 2016 sont appliquées (d’après le texte de 2012, §5.7).</translation>
    </message>
    <message>
        <source>The 2025 tournament rules were not read: the EMA 2016 values are used.</source>
        <translation>Les règles de tournoi de 2025 n’ont pas été lues&#xa0;: les valeurs EMA 2016 sont appliquées.</translation>
    </message>
    <message>
        <source>The 2025 tournament rules (chapter 7) were not read: the EMA 2016 value is used (the hand in play is finished, then the hanchan ends).</source>
        <translation>Les règles de tournoi de 2025 (chapitre 7) n’ont pas été lues&#xa0;: la valeur EMA 2016 est appliquée (la main en cours est terminée, puis le hanchan se termine).</translation>
    </message>
    <message>
        <source>The 2025 tournament rules were not read: the EMA 2016 value is used (a chombo during the last hand is not re-dealt).</source>
        <translation>Les règles de tournoi de 2025 n’ont pas été lues&#xa0;: la valeur EMA 2016 est appliquée (un chombo pendant la dernière main n’est pas redistribué).</translation>
    </message>
    <message>
        <source>The 2025 penalty rules were not read: the EMA 2016 ruling is used.</source>
        <translation>Les règles de pénalités 2025 n&apos;ont pas été lues&#xa0;: la décision EMA 2016 est appliquée.</translation>
    </message>
    <message>
        <source>The 2025 penalty rules were not read: the EMA 2016 ruling is used. Only determined at an exhaustive draw or when the offender declares a win: record it instead of the draw.</source>
        <translation>Les règles de pénalités 2025 n&apos;ont pas été lues&#xa0;: la décision EMA 2016 est appliquée. Déterminé seulement à la partie du mur ou quand le joueur fautif déclare une victoire&#xa0;: enregistrez-le à la place de la partie du mur.</translation>
    </message>
    <message>
        <source>The 2025 penalty rules were not read: the EMA 2016 ruling is used. Only determined if the offender wins or at an exhaustive draw.</source>
        <translation>Les règles de pénalités 2025 n&apos;ont pas été lues&#xa0;: la décision EMA 2016 est appliquée. Déterminé seulement si le joueur fautif gagne ou à la partie du mur.</translation>
    </message>
    <message>
        <source>The 2025 penalty rules were not read: the EMA 2016 ruling is used. A chombo only if the dead hand had been declared (recorded here).</source>
        <translation>Les règles de pénalités 2025 n&apos;ont pas été lues&#xa0;: la décision EMA 2016 est appliquée. Chombo seulement si la main morte avait été déclarée (enregistrée ici).</translation>
    </message>
    <message>
        <source>The 2025 penalty rules were not read: the EMA 2016 ruling is used. A replaced player: -15,000 and -15,000 uma (-30,000 in all).</source>
        <translation>Les règles de pénalités 2025 n&apos;ont pas été lues&#xa0;: la décision EMA 2016 est appliquée. Un joueur remplacé&#xa0;: -15&#x202f;000 et -15&#x202f;000 d&apos;uma (-30&#x202f;000 en tout).</translation>
    </message>
    <message>
        <source>Start, return, oka and uma are not in the source: common Japanese house values. Set your club&apos;s.</source>
        <translation>Départ, retour, oka et uma ne figurent pas dans la source&#xa0;: valeurs japonaises courantes. Mettez celles de votre club.</translation>
    </message>
    <message>
        <source>Kiriage, counted yakuman, double yakuman, multiple ron and swap-calling are not in the source: common Japanese house values.</source>
        <translation>Kiriage, yakuman compté, double yakuman, ron multiple et appel d&apos;échange ne figurent pas dans la source&#xa0;: valeurs japonaises courantes.</translation>
    </message>
    <message>
        <source>The liable player pays the full value for all players, whether the winning tile is off another player&apos;s discard or self-drawn; he also pays the counters.</source>
        <translation>Le joueur responsable paye la valeur entière pour tous les joueurs, que la tuile gagnante vienne de l&apos;écart d&apos;un autre joueur ou de la pioche&#xa0;; il paye aussi les compteurs.</translation>
    </message>
    <message>
        <source>Big Three Dragons, Big Four Winds and Four Kongs. The source also lists, as optional: All Honours, All Terminals, All Green and Out With Replacement Tile (a club adds them to pao_hands). It also applies when the last pung or kong was made from a concealed pung, or promoted from one.</source>
        <translation>Trois grands dragons, Quatre grands vents et Quatre kongs. La source cite aussi, en option&#xa0;: Tout honneurs, Tout terminaux, Tout vert et Victoire sur la tuile de remplacement (un club les ajoute à pao_hands). La règle s&apos;applique aussi quand le dernier pung ou kong a été fait à partir d&apos;un pung caché, ou promu depuis un pung caché.</translation>
    </message>
    <message>
        <source>The source is silent: every winner of a multiple ron is paid the counters (each winning hand is worth 300 more per counter); the riichi sticks go to the first winner from the discarder&apos;s right.</source>
        <translation>La source ne dit rien&#xa0;: chaque gagnant d&apos;un ron multiple reçoit les compteurs (chaque main gagnante vaut 300 de plus par compteur)&#xa0;; les mises de riichi vont au premier gagnant à droite du joueur qui a écarté.</translation>
    </message>
    <message>
        <source>Japanese house rules usually have abortive draws; not in the source.</source>
        <translation>Les règles maison japonaises ont d&apos;habitude des parties avortées&#xa0;; absent de la source.</translation>
    </message>
    <message>
        <source>The source is silent; the usual Japanese practice (the win has priority) is used.</source>
        <translation>La source ne dit rien&#xa0;; l&apos;usage japonais habituel (la victoire a priorité) est appliqué.</translation>
    </message>
    <message>
        <source>The source has no tournament ranking: refapp&apos;s default.</source>
        <translation>La source ne traite pas du classement d’un tournoi&#xa0;: valeur par défaut de refapp.</translation>
    </message>
    <message>
        <source>The source says nothing on equal totals.</source>
        <translation>La source ne dit rien des totaux égaux.</translation>
    </message>
    <message>
        <source>Only a kan that changes the player&apos;s waits is a chombo. Determined at a draw or a win.</source>
        <translation>Seul un kong qui change les attentes du joueur est un chombo. Déterminé à la partie du mur ou à une victoire.</translation>
    </message>
    <message>
        <source>The source says &apos;more than 13 or fewer than 13 tiles&apos;; read as &apos;not the expected number of tiles&apos;.</source>
        <translation>La source dit «&#xa0;plus de 13 ou moins de 13 tuiles&#xa0;»&#xa0;; lu comme «&#xa0;pas le nombre de tuiles attendu&#xa0;».</translation>
    </message>
    <message>
        <source>The source does not give start points, uma or oka: common values. Set your league&apos;s.</source>
        <translation>La source ne donne ni points de départ, ni uma, ni oka&#xa0;: valeurs courantes. Mettez celles de votre ligue.</translation>
    </message>
    <message>
        <source>Scoring parameters are not in the source: common Japanese values.</source>
        <translation>Les paramètres de calcul ne figurent pas dans la source&#xa0;: valeurs japonaises courantes.</translation>
    </message>
    <message>
        <source>The source is silent: every winner of a multiple ron is paid the counters; the riichi sticks go to the first winner from the discarder&apos;s right.</source>
        <translation>La source ne dit rien&#xa0;: chaque gagnant d&apos;un ron multiple reçoit les compteurs&#xa0;; les mises de riichi vont au premier gagnant à droite du joueur qui a écarté.</translation>
    </message>
    <message>
        <source>The league announces 2 or 3 league points; 2 here. Set 3 where announced.</source>
        <translation>La ligue annonce 2 ou 3 points de ligue&#xa0;; 2 ici. Mettez 3 quand c&apos;est annoncé.</translation>
    </message>
    <message>
        <source>Not stated in the source.</source>
        <translation>Non précisé dans la source.</translation>
    </message>
    <message>
        <source>The source does not say over what the calls ladder counts: one count per player per session. A session is numbered when a hanchan starts; without a number, it is the day of play.</source>
        <translation>La source ne dit pas sur quelle durée compte l&apos;échelle des annonces&#xa0;: un compte par joueur et par session. Une session est numérotée au début d&apos;un hanchan&#xa0;; sans numéro, c&apos;est le jour de jeu.</translation>
    </message>
    <message>
        <source>A first timer attending the session is only given a dead hand for an invalid win.</source>
        <translation>Un joueur participant pour la première fois à la session ne reçoit qu&apos;une main morte pour une victoire invalide.</translation>
    </message>
    <message>
        <source>The source has no attendance or disqualification rules: the hanchan gives a disqualified player no result of his own; the league decides the rest.</source>
        <translation>La source n’a pas de règles de présence ni de disqualification&#xa0;: le hanchan ne donne au joueur disqualifié aucun résultat propre&#xa0;; la ligue décide du reste.</translation>
    </message>
    <message>
        <source>The source has no league ranking rule: he stays where his total places him, and the league decides the rest.</source>
        <translation>La source n’a pas de règle de classement de la ligue&#xa0;: il reste là où son total le place, et la ligue décide du reste.</translation>
    </message>
    <message>
        <source>The source says nothing on equal totals: the table points count first (penalties at the table deducted, before uma and oka).</source>
        <translation>La source ne dit rien des totaux égaux&#xa0;: les points à la table comptent d’abord (pénalités à la table déduites, avant uma et oka).</translation>
    </message>
    <message>
        <source>The source has no time limit: refapp&apos;s default, as in the WRC rules of 2015 (§8.2): the hand in play is finished, then the hanchan ends. The league sets its own rule.</source>
        <translation>La source ne fixe pas de limite de temps&#xa0;: valeur par défaut de refapp, comme dans les règles WRC de 2015 (§8.2)&#xa0;: la main en cours est terminée, puis le hanchan se termine. La ligue règle la sienne.</translation>
    </message>
    <message>
        <source>Calls Penalty</source>
        <translation>Pénalité d&apos;annonce</translation>
    </message>
    <message>
        <source>A kan that changes the waits and/or the reading of the sets. Determined at a draw or a win.</source>
        <translation>Un kong qui change les attentes et/ou la lecture des groupes. Déterminé à la partie du mur ou à une victoire.</translation>
    </message>
    <message>
        <source>Dead Hand: knocked and revealed the 1st replacement tile; Did whatever that made the game impossible to continue</source>
        <translation>Main morte&#xa0;: renverser et révéler la 1re tuile de remplacement du mur mort&#xa0;; Avoir rendu la partie impossible à poursuivre</translation>
    </message>
    <message>
        <source>The source&apos;s dead hand is for the first replacement tile of the dead wall only. Its &apos;Exposed tiles&apos; stay exposed only when officially exposed (an invalid ron, wrong melds, overridden melds); it says nothing of other tiles knocked over or shown.</source>
        <translation>La main morte de la source ne vaut que pour la première tuile de remplacement du mur mort. Ses «&#xa0;tuiles révélées&#xa0;» ne restent visibles que si elles ont été officiellement révélées (ron invalide, groupes erronés, groupes supplantés)&#xa0;; elle ne dit rien des autres tuiles renversées ou montrées.</translation>
    </message>
    <message>
        <source>Knocked and revealed the first replacement tile of the dead wall.</source>
        <translation>Première tuile de remplacement du mur mort renversée et révélée.</translation>
    </message>
    <message>
        <source>Not in the source: not penalized, and the tiles go back where they came from.</source>
        <translation>Absent de la source&#xa0;: pas de pénalité, et les tuiles sont replacées là d&apos;où elles viennent.</translation>
    </message>
    <message>
        <source>The source has no obstruction rule: the referee decides. Its rating penalty is only for making the game impossible to continue.</source>
        <translation>La source n&apos;a pas de règle sur l&apos;obstruction&#xa0;: l&apos;arbitre décide. Sa pénalité de points de classement ne vaut que pour avoir rendu la partie impossible à poursuivre.</translation>
    </message>
    <message>
        <source>Rating points are neither table nor league points; the source does not say what happens to the hand: record a re-deal if needed.</source>
        <translation>Les points de classement ne sont ni des points à la table ni des points de ligue&#xa0;; la source ne dit pas ce que devient la main&#xa0;: enregistrez une redistribution si besoin.</translation>
    </message>
    <message>
        <source>The source has no cheating rule: the referee decides. Its rating penalty is only for making the game impossible to continue.</source>
        <translation>La source n&apos;a pas de règle sur la triche&#xa0;: l&apos;arbitre décide. Sa pénalité de points de classement ne vaut que pour avoir rendu la partie impossible à poursuivre.</translation>
    </message>
    <message>
        <source>§7.1: each hanchan starts at 30,000 table points.</source>
        <translation>§7.1&#xa0;: chaque hanchan commence à 30&#x202f;000 points à la table.</translation>
    </message>
    <message>
        <source>Only the first place&apos;s 15 points follow from §7.1&apos;s example (40,000 points and first place: a hanchan score of 25); 5, -5 and -15 come from secondary sources.</source>
        <translation>Seuls les 15 points de la première place découlent de l&apos;exemple du §7.1 (40&#x202f;000 points et premier&#xa0;: un score de hanchan de 25)&#xa0;; 5, -5 et -15 viennent de sources secondaires.</translation>
    </message>
    <message>
        <source>4 han 30 fu and 3 han 60 fu paid as mangan: from a secondary source, not from chapter 7.</source>
        <translation>4 han 30 fu et 3 han 60 fu payés comme un mangan&#xa0;: d&apos;après une source secondaire, pas le chapitre 7.</translation>
    </message>
    <message>
        <source>Head bump: only the first winner from the discarder&apos;s right wins, and takes the counters and the riichi sticks. From the game rules (not chapter 7), read in a secondary source.</source>
        <translation>Atamahane&#xa0;: seul le premier gagnant à droite du joueur qui a écarté gagne, et prend les compteurs et les mises de riichi. D&apos;après les règles du jeu (pas le chapitre 7), lues dans une source secondaire.</translation>
    </message>
    <message>
        <source>A concealed kan after riichi must keep the waits and the three tiles must read only as a pung: from the game rules (not chapter 7), read in a secondary source.</source>
        <translation>Un kong caché après riichi doit garder les attentes et les trois tuiles ne doivent se lire que comme un pung&#xa0;: d&apos;après les règles du jeu (pas le chapitre 7), lues dans une source secondaire.</translation>
    </message>
    <message>
        <source>Liability for Big Three Dragons and Big Four Winds: the liable player pays all of a self-drawn win and half of a win on another player&apos;s discard, the discarder pays the counters. From a secondary source.</source>
        <translation>Responsabilité (pao) pour les Trois grands dragons et les Quatre grands vents&#xa0;: le joueur responsable paye toute une victoire sur pioche et la moitié d&apos;une victoire sur l&apos;écart d&apos;un autre joueur, celui qui a écarté paye les compteurs. D&apos;après une source secondaire.</translation>
    </message>
    <message>
        <source>No abortive draws: from secondary sources.</source>
        <translation>Pas de partie avortée&#xa0;: d&apos;après des sources secondaires.</translation>
    </message>
    <message>
        <source>No double yakuman: from secondary sources.</source>
        <translation>Pas de double yakuman&#xa0;: d&apos;après des sources secondaires.</translation>
    </message>
    <message>
        <source>Riichi sticks left on the table at the end are not awarded: from a secondary source.</source>
        <translation>Les mises de riichi restant sur la table à la fin ne sont attribuées à personne&#xa0;: d&apos;après une source secondaire.</translation>
    </message>
    <message>
        <source>§7.2 sets no upper limit on a penalty at the referee&apos;s discretion.</source>
        <translation>Le §7.2 ne fixe pas de limite à une pénalité à la discrétion de l&apos;arbitre.</translation>
    </message>
    <message>
        <source>30 points. The French translation says 20 points, then 30; the English original says 30.</source>
        <translation>30 points. La traduction française dit 20 points, puis 30&#xa0;; l&apos;original anglais dit 30.</translation>
    </message>
    <message>
        <source>§7.2: the missed-hanchan penalty is not cumulative with the penalty for being late: a player late by ten minutes and then substituted has 30 points in all.</source>
        <translation>§7.2&#xa0;: la pénalité pour hanchan manqué ne se cumule pas avec la pénalité de retard&#xa0;: un joueur en retard de dix minutes puis substitué a 30 points de pénalité en tout.</translation>
    </message>
    <message>
        <source>§7.2: substitute players are scored normally and then not included in the ranking.</source>
        <translation>§7.2&#xa0;: le score des joueurs de substitution est compté normalement, mais n&apos;est pas inclus dans le classement.</translation>
    </message>
    <message>
        <source>WRC 2015 has no warning ladder: warnings are counted over the whole tournament, for the record.</source>
        <translation>Le règlement WRC 2015 n&apos;a pas d&apos;échelle d&apos;avertissements&#xa0;: les avertissements sont comptés sur tout le tournoi, pour mémoire.</translation>
    </message>
    <message>
        <source>WRC 2015 gives no number of tiles: chonbo only if the game cannot fairly continue (the referee judges).</source>
        <translation>Le règlement WRC 2015 ne donne pas de nombre de tuiles&#xa0;: chonbo seulement si la partie ne peut pas continuer de façon équitable (l&apos;arbitre juge).</translation>
    </message>
    <message>
        <source>§7.1: a disqualified player &quot;will not be listed in the ranking&quot;: the hanchan gives him no result of his own (no missed-hanchan penalty); he is shown apart.</source>
        <translation>§7.1&#xa0;: un joueur disqualifié «&#xa0;ne sera pas listé dans le classement&#xa0;»&#xa0;: le hanchan ne lui donne aucun résultat propre (pas de pénalité pour hanchan manqué)&#xa0;; il est montré à part.</translation>
    </message>
    <message>
        <source>§7.1 Disqualification: &quot;He will not be listed in the ranking.&quot;</source>
        <translation>§7.1 Disqualification&#xa0;: «&#xa0;Il ne sera pas listé dans le classement.&#xa0;»</translation>
    </message>
    <message>
        <source>§7.2: &quot;Substitute players are scored normally and then not included in the ranking.&quot;</source>
        <translation>§7.2&#xa0;: «&#xa0;Le score des joueurs de substitution est compté normalement, mais n’est pas inclus dans le classement.&#xa0;»</translation>
    </message>
    <message>
        <source>Chapter 7 says nothing on equal totals in the final ranking.</source>
        <translation>Le chapitre 7 ne dit rien des totaux égaux au classement final.</translation>
    </message>
    <message>
        <source>§8.2: when the time ends, the players finish the current hand, then the hanchan ends. If the walls are not built or the dice not thrown when the time ends, the hanchan ends at once: no dice are thrown after the gong.</source>
        <translation>§8.2&#xa0;: quand le temps est écoulé, les joueurs terminent la main en cours, puis le hanchan se termine. Si les murs ne sont pas montés ou les dés pas lancés à la fin du temps, le hanchan se termine aussitôt&#xa0;: on ne lance plus les dés après le gong.</translation>
    </message>
    <message>
        <source>§8.2: a chonbo during the last hand is not re-dealt: the hanchan ends.</source>
        <translation>§8.2&#xa0;: un chonbo pendant la dernière main n’est pas redistribué&#xa0;: le hanchan se termine.</translation>
    </message>
    <message>
        <source>A wrong word corrected immediately is allowed (&quot;chii, no! I mean pon&quot;).</source>
        <translation>Un mauvais mot corrigé immédiatement est permis («&#xa0;chii, non&#xa0;! je veux dire pon&#xa0;»).</translation>
    </message>
    <message>
        <source>&quot;Ron&quot;, then another call: the player must make the ron; he cannot, with the hand shown: an empty call for a win.</source>
        <translation>«&#xa0;Ron&#xa0;», puis un autre appel&#xa0;: le joueur doit faire le ron&#xa0;; il ne le peut pas, main révélée&#xa0;: déclaration vide de victoire.</translation>
    </message>
    <message>
        <source>&quot;Ron&quot;, then another call: the player must make the ron; he cannot, with the hand concealed: an empty call for a win. A pung melded after the ron call is taken back.</source>
        <translation>«&#xa0;Ron&#xa0;», puis un autre appel&#xa0;: le joueur doit faire le ron&#xa0;; il ne le peut pas, main restée cachée&#xa0;: déclaration vide de victoire. Un pung exposé après l&apos;appel de ron doit être repris.</translation>
    </message>
    <message>
        <source>Calls cannot be changed: the second call is not made. If the player cannot make the first call, it is an empty call (not penalized for a chow, pung or kong).</source>
        <translation>Les appels ne peuvent pas être modifiés&#xa0;: le deuxième appel n&apos;est pas fait. Si le joueur ne peut pas réaliser le premier appel, c&apos;est un appel vide (non pénalisé pour un chow, pung ou kong).</translation>
    </message>
    <message>
        <source>※ No chonbo: the hand is noten only because of a dead hand after the riichi. The player still pays for being noten at the draw, and if he is East the deal rotates.</source>
        <translation>※ Pas de chonbo&#xa0;: la main est noten uniquement à cause d&apos;une main morte survenue après la déclaration de riichi. Le joueur paye quand même pour être noten à la partie du mur, et s&apos;il est Est la donne tourne.</translation>
    </message>
    <message>
        <source>The riichi declaration is voided and the player takes back his riichi bet; no noten-riichi penalty later.</source>
        <translation>La déclaration de riichi est annulée et le joueur récupère sa mise de riichi&#xa0;; pas de pénalité de noten riichi ensuite.</translation>
    </message>
    <message>
        <source>A dead hand is formally declared when it was recorded here. The call is voided in both cases.</source>
        <translation>Une main est formellement déclarée morte quand elle a été enregistrée ici. L&apos;appel est annulé dans les deux cas.</translation>
    </message>
    <message>
        <source>The hand was not formally declared dead: not penalized, the call is voided.</source>
        <translation>La main n&apos;avait pas été formellement déclarée morte&#xa0;: non pénalisé, l&apos;appel est annulé.</translation>
    </message>
    <message>
        <source>Chapter 7 does not cover silent calls (its wrong-word rule is about alternative words): the referee decides; trivial offences are not penalized (§7.1).</source>
        <translation>Le chapitre 7 ne traite pas des appels silencieux (sa règle du mauvais terme concerne les termes alternatifs)&#xa0;: l&apos;arbitre décide&#xa0;; les offenses triviales ne sont pas pénalisées (§7.1).</translation>
    </message>
    <message>
        <source>Chapter 7 has no rule on this. Call priority (a pon or kan called at the same time takes precedence over a chii) comes from the game rules, read in a secondary source.</source>
        <translation>Le chapitre 7 ne dit rien à ce sujet. La priorité des appels (un pung ou un kong appelé en même temps a priorité sur un chow) vient des règles du jeu, lues dans une source secondaire.</translation>
    </message>
    <message>
        <source>The pon or kan takes precedence; the chii tiles go back.</source>
        <translation>Le pung ou le kong a priorité&#xa0;; les tuiles du chow sont reprises.</translation>
    </message>
    <message>
        <source>Chapter 7 has no rule on this: a player who cannot show a tenpai hand is noten.</source>
        <translation>Le chapitre 7 ne dit rien à ce sujet&#xa0;: un joueur qui ne peut pas montrer une main tenpai est noten.</translation>
    </message>
    <message>
        <source>WRC 2025</source>
        <translation>WRC 2025</translation>
    </message>
    <message>
        <source>§12.2: a chonbo is a 30-point penalty and the hand is re-dealt as if it never happened: seat winds stay, no counter is added or removed, riichi bets are returned; no reverse mangan. Several offenders each get 30 points.</source>
        <translation>§12.2&#xa0;: un chonbo est une pénalité de 30 points et la main est redistribuée comme si elle n&apos;avait pas eu lieu&#xa0;: les vents des places restent, aucun compteur n&apos;est ajouté ni retiré, les mises de riichi sont restituées&#xa0;; pas de payement mangan. Plusieurs fautifs reçoivent chacun 30 points.</translation>
    </message>
    <message>
        <source>§12.2: a chonbo at the same time as a win is voided; at the same time as an exhaustive draw it applies, with no noten payments and no counter.</source>
        <translation>§12.2&#xa0;: un chonbo en même temps qu&apos;une victoire est annulé&#xa0;; en même temps qu&apos;une partie du mur il s&apos;applique, sans payement noten ni compteur.</translation>
    </message>
    <message>
        <source>§12.2: point penalties are removed from the tournament score, not added to the opponents, and do not change the table&apos;s score.</source>
        <translation>§12.2&#xa0;: les points de pénalité sont soustraits du score du tournoi, ne sont pas ajoutés aux adversaires et ne modifient pas le score à la table.</translation>
    </message>
    <message>
        <source>§12.3.9: 1 point per minute late; after 10 minutes the hanchan is forfeited.</source>
        <translation>§12.3.9&#xa0;: 1 point par minute de retard&#xa0;; après 10 minutes le hanchan est perdu par forfait.</translation>
    </message>
    <message>
        <source>§12.3.9: a player who forfeits or leaves gets no points and a 30-point penalty.</source>
        <translation>§12.3.9&#xa0;: un joueur forfait ou qui quitte la table ne reçoit aucun point et a 30 points de pénalité.</translation>
    </message>
    <message>
        <source>§12.3.9: the forfeit penalty is not cumulative with the lateness penalty.</source>
        <translation>§12.3.9&#xa0;: la pénalité de forfait ne se cumule pas avec la pénalité de retard.</translation>
    </message>
    <message>
        <source>§12.3.9: substitutes are scored normally and then not included in the ranking.</source>
        <translation>§12.3.9&#xa0;: le score des joueurs de substitution est compté normalement, mais n&apos;est pas inclus dans le classement.</translation>
    </message>
    <message>
        <source>No upper limit on a penalty at the referee&apos;s discretion is given.</source>
        <translation>Aucune limite n&apos;est donnée à une pénalité à la discrétion de l&apos;arbitre.</translation>
    </message>
    <message>
        <source>§12.3: knocking over seven or more tiles is a chonbo, three to six a dead hand, one or two a warning (5 points if repeated).</source>
        <translation>§12.3&#xa0;: renverser sept tuiles ou plus est un chonbo, trois à six une main morte, une ou deux un avertissement (5 points en cas de récidive).</translation>
    </message>
    <message>
        <source>Repeated warnings are counted over the whole tournament.</source>
        <translation>Les avertissements répétés sont comptés sur tout le tournoi.</translation>
    </message>
    <message>
        <source>Start 30,000, uma 15 / 5 / -5 / -15 points: from secondary sources on the 2025 game rules.</source>
        <translation>Départ 30&#x202f;000, uma 15 / 5 / -5 / -15 points&#xa0;: d&apos;après des sources secondaires sur les règles du jeu 2025.</translation>
    </message>
    <message>
        <source>Head bump, kiriage mangan, yakuman stacking and concealed kan after riichi: from secondary sources on the 2025 game rules.</source>
        <translation>Atamahane, kiriage mangan, cumul des yakuman et kong caché après riichi&#xa0;: d&apos;après des sources secondaires sur les règles du jeu 2025.</translation>
    </message>
    <message>
        <source>Liability for Big Three Dragons, Big Four Winds and Four Kongs: from secondary sources.</source>
        <translation>Responsabilité (pao) pour les Trois grands dragons, les Quatre grands vents et les Quatre kongs&#xa0;: d&apos;après des sources secondaires.</translation>
    </message>
    <message>
        <source>Head bump: only the first winner from the discarder&apos;s right wins, and takes the counters and the riichi sticks (secondary sources).</source>
        <translation>Atamahane&#xa0;: seul le premier gagnant à droite du joueur qui a écarté gagne, et prend les compteurs et les mises de riichi (sources secondaires).</translation>
    </message>
    <message>
        <source>Sources disagree on riichi sticks left at the end (left on the table, or to the winner): they are not awarded here. Check the printed rule book.</source>
        <translation>Les sources divergent sur les mises de riichi restant à la fin (laissées sur la table, ou au gagnant)&#xa0;: elles ne sont pas attribuées ici. Vérifiez le règlement imprimé.</translation>
    </message>
    <message>
        <source>The summary does not say: the WRC 2015 reading is kept (2015 §7.1, not listed in the ranking: no result of his own for the hanchan).</source>
        <translation>Le résumé ne le dit pas&#xa0;: la lecture WRC 2015 est gardée (2015 §7.1, pas listé dans le classement&#xa0;: aucun résultat propre pour le hanchan).</translation>
    </message>
    <message>
        <source>The summary gives the grounds for disqualification, not the ranking: the WRC 2015 reading is kept (&quot;He will not be listed in the ranking&quot;, 2015 §7.1).</source>
        <translation>Le résumé donne les motifs de disqualification, pas le classement&#xa0;: la lecture des règles WRC 2015 est conservée («&#xa0;Il ne sera pas listé dans le classement&#xa0;», §7.1 de 2015).</translation>
    </message>
    <message>
        <source>§12.3.9: substitutes are &quot;scored normally and then not included in the ranking&quot;.</source>
        <translation>§12.3.9&#xa0;: les remplaçants sont «&#xa0;comptés normalement, puis non inclus dans le classement&#xa0;».</translation>
    </message>
    <message>
        <source>The penalties document says nothing on equal totals in the final ranking.</source>
        <translation>Le document des pénalités ne dit rien des totaux égaux au classement final.</translation>
    </message>
    <message>
        <source>The 2025 penalties document has no time limit: the WRC 2015 rule is kept (2015 §8.2: the hand in play is finished, then the hanchan ends; if the dice were not thrown when the time ended, it ends at once).</source>
        <translation>Le document des pénalités de 2025 ne fixe pas de limite de temps&#xa0;: la règle WRC 2015 est conservée (2015 §8.2&#xa0;: la main en cours est terminée, puis le hanchan se termine&#xa0;; si les dés n’étaient pas lancés à la fin du temps, il se termine aussitôt).</translation>
    </message>
    <message>
        <source>As in WRC 2015 §8.2: a chonbo during the last hand is not re-dealt; the hanchan ends.</source>
        <translation>Comme en WRC 2015 §8.2&#xa0;: un chonbo pendant la dernière main n’est pas redistribué&#xa0;; le hanchan se termine.</translation>
    </message>
    <message>
        <source>§12.3 (chonbo)</source>
        <translation>§12.3 (chonbo)</translation>
    </message>
    <message>
        <source>An empty win declaration.</source>
        <translation>Une déclaration vide de victoire.</translation>
    </message>
    <message>
        <source>The summary lists an empty win declaration as a chonbo and does not say whether the hand was shown: read as a chonbo with the hand not shown too (the WRC 2022 changes said so).</source>
        <translation>Le résumé classe la déclaration vide de victoire en chonbo sans dire si la main a été révélée&#xa0;: lu comme un chonbo aussi quand la main n’a pas été révélée (les changements WRC 2022 le disaient).</translation>
    </message>
    <message>
        <source>§12.3 (warning)</source>
        <translation>§12.3 (avertissement)</translation>
    </message>
    <message>
        <source>Non-standard call terms: a warning.</source>
        <translation>Termes d&apos;appel non standard&#xa0;: un avertissement.</translation>
    </message>
    <message>
        <source>Changing a call: a warning.</source>
        <translation>Modifier un appel&#xa0;: un avertissement.</translation>
    </message>
    <message>
        <source>Judged only at a win or an exhaustive draw: record it instead of the draw.</source>
        <translation>Jugé seulement à une victoire ou à la partie du mur&#xa0;: enregistrez-le à la place de la partie du mur.</translation>
    </message>
    <message>
        <source>Judged only at a win or an exhaustive draw.</source>
        <translation>Jugé seulement à une victoire ou à la partie du mur.</translation>
    </message>
    <message>
        <source>Forgetting to pay the riichi deposit: a warning; the deposit is placed.</source>
        <translation>Oublier de placer la mise de riichi&#xa0;: un avertissement&#xa0;; la mise est placée.</translation>
    </message>
    <message>
        <source>Forgetting to say riichi or not rotating the riichi discard: a warning.</source>
        <translation>Oublier de dire riichi ou ne pas tourner l&apos;écart de riichi&#xa0;: un avertissement.</translation>
    </message>
    <message>
        <source>§12.3 (dead hand)</source>
        <translation>§12.3 (main morte)</translation>
    </message>
    <message>
        <source>Riichi on an open hand: dead hand; no deposit is paid (a posted stick goes back).</source>
        <translation>Riichi avec une main ouverte&#xa0;: main morte&#xa0;; aucune mise n&apos;est payée (une mise placée est rendue).</translation>
    </message>
    <message>
        <source>An empty riichi declaration: dead hand.</source>
        <translation>Une déclaration vide de riichi&#xa0;: main morte.</translation>
    </message>
    <message>
        <source>An empty call for a group or a concealed kan: dead hand.</source>
        <translation>Un appel vide pour un groupe ou un kong caché&#xa0;: main morte.</translation>
    </message>
    <message>
        <source>§12.3</source>
        <translation>§12.3</translation>
    </message>
    <message>
        <source>Before the discard the group can still be made or retracted (not in the summary; as in earlier WRC rules).</source>
        <translation>Avant l&apos;écart, le groupe peut encore être formé ou retiré (absent du résumé&#xa0;; comme dans les règles WRC antérieures).</translation>
    </message>
    <message>
        <source>An invalid kan found after discarding: chonbo.</source>
        <translation>Un kong invalide découvert après l&apos;écart&#xa0;: chonbo.</translation>
    </message>
    <message>
        <source>An invalid group after discarding: dead hand.</source>
        <translation>Un groupe invalide après l&apos;écart&#xa0;: main morte.</translation>
    </message>
    <message>
        <source>A called tile not taken before the next draw.</source>
        <translation>Une tuile réclamée non prise avant la pioche suivante.</translation>
    </message>
    <message>
        <source>Declaring a win with a dead hand: chonbo.</source>
        <translation>Déclarer une victoire avec une main morte&#xa0;: chonbo.</translation>
    </message>
    <message>
        <source>Calling with a dead hand knowingly: 30 points, the call is voided.</source>
        <translation>Appeler en sachant sa main morte&#xa0;: 30 points, l&apos;appel est annulé.</translation>
    </message>
    <message>
        <source>Calling with a dead hand unknowingly: a warning; the call is voided.</source>
        <translation>Appeler sans savoir sa main morte&#xa0;: un avertissement&#xa0;; l&apos;appel est annulé.</translation>
    </message>
    <message>
        <source>Not in the summary read: the referee decides.</source>
        <translation>Absent du résumé lu&#xa0;: l&apos;arbitre décide.</translation>
    </message>
    <message>
        <source>Not in the summary read. Call priority (a pon or kan called at the same time takes precedence over a chii) as in earlier WRC rules.</source>
        <translation>Absent du résumé lu. Priorité des appels (un pung ou un kong appelé en même temps a priorité sur un chow) comme dans les règles WRC antérieures.</translation>
    </message>
    <message>
        <source>Too many or too few tiles: chonbo.</source>
        <translation>Trop ou trop peu de tuiles&#xa0;: chonbo.</translation>
    </message>
    <message>
        <source>Seven or more tiles knocked over: chonbo.</source>
        <translation>Sept tuiles ou plus renversées&#xa0;: chonbo.</translation>
    </message>
    <message>
        <source>Three to six tiles knocked over: dead hand.</source>
        <translation>Trois à six tuiles renversées&#xa0;: main morte.</translation>
    </message>
    <message>
        <source>One or two tiles knocked over, repeated: 5 points.</source>
        <translation>Une ou deux tuiles renversées, en récidive&#xa0;: 5 points.</translation>
    </message>
    <message>
        <source>One or two tiles knocked over: a warning (5 points if repeated).</source>
        <translation>Une ou deux tuiles renversées&#xa0;: un avertissement (5 points en cas de récidive).</translation>
    </message>
    <message>
        <source>A tile drawn after the wall ran out was mixed into the hand: dead hand.</source>
        <translation>Une tuile piochée après la fin du mur a été mêlée à la main&#xa0;: main morte.</translation>
    </message>
    <message>
        <source>A wrongly drawn tile mixed into the hand: chonbo.</source>
        <translation>Une tuile piochée par erreur mêlée à la main&#xa0;: chonbo.</translation>
    </message>
    <message>
        <source>Not mixed into the hand: the tile is put back (not in the summary; as in earlier WRC rules).</source>
        <translation>Non mêlée à la main&#xa0;: la tuile est remise en place (absent du résumé&#xa0;; comme dans les règles WRC antérieures).</translation>
    </message>
    <message>
        <source>A false tenpai declaration, repeated: 5 points.</source>
        <translation>Une fausse déclaration de tenpai, en récidive&#xa0;: 5 points.</translation>
    </message>
    <message>
        <source>A false tenpai declaration: a warning (5 points if repeated); the player is noten.</source>
        <translation>Une fausse déclaration de tenpai&#xa0;: un avertissement (5 points en cas de récidive)&#xa0;; le joueur est noten.</translation>
    </message>
    <message>
        <source>§12.3 (disqualification)</source>
        <translation>§12.3 (disqualification)</translation>
    </message>
    <message>
        <source>Repeated or serious obstruction: disqualification.</source>
        <translation>Obstruction répétée ou grave&#xa0;: disqualification.</translation>
    </message>
    <message>
        <source>The summary names only repeated or serious obstruction; the referee decides.</source>
        <translation>Le résumé ne cite que l&apos;obstruction répétée ou grave&#xa0;; l&apos;arbitre décide.</translation>
    </message>
    <message>
        <source>The summary names disqualification for smart glasses; other devices and phones: the referee decides.</source>
        <translation>Le résumé prévoit la disqualification pour des lunettes connectées&#xa0;; autres appareils et téléphones&#xa0;: l&apos;arbitre décide.</translation>
    </message>
    <message>
        <source>Not a separate offence: ruled as obstruction.</source>
        <translation>Pas une faute distincte&#xa0;: traitée comme obstruction.</translation>
    </message>
    <message>
        <source>Cheating, intentional fouls included: disqualification.</source>
        <translation>Triche, fautes intentionnelles comprises&#xa0;: disqualification.</translation>
    </message>
    <message>
        <source>§12.3.9</source>
        <translation>§12.3.9</translation>
    </message>
    <message>
        <source>More than 10 minutes: the hanchan is forfeited; no points and a 30-point penalty (not cumulative with lateness).</source>
        <translation>Plus de 10 minutes&#xa0;: le hanchan est perdu par forfait&#xa0;; aucun point et 30 points de pénalité (non cumulés avec le retard).</translation>
    </message>
    <message>
        <source>1 point per minute from the overall score.</source>
        <translation>1 point par minute, déduit du score global.</translation>
    </message>
    <message>
        <source>No points and a 30-point penalty; the substitute is scored normally and not ranked.</source>
        <translation>Aucun point et 30 points de pénalité&#xa0;; le joueur de substitution est compté normalement et n&apos;est pas classé.</translation>
    </message>
    <message>
        <source>§12.2</source>
        <translation>§12.2</translation>
    </message>
    <message>
        <source>For the fixed penalties without an offence of their own: a wrong all-last sheet 8 points, a wrong report sheet 2 points per player.</source>
        <translation>Pour les pénalités fixes sans faute propre&#xa0;: une feuille de dernière main erronée 8 points, une feuille de résultats erronée 2 points par joueur.</translation>
    </message>
    <message>
        <source>Not in the summary read.</source>
        <translation>Absent du résumé lu.</translation>
    </message>
    <message>
        <source>A player who cannot or will not show a tenpai hand is noten: record the draw with this seat noten.</source>
        <translation>Un joueur qui ne peut pas ou ne veut pas montrer une main tenpai est noten&#xa0;: enregistrez la partie du mur avec ce joueur noten.</translation>
    </message>
    <message>
        <source>§3.7: 20,000 points each in a one-round game, 25,000 in a two-round game.</source>
        <translation>§3.7&#xa0;: 20&#x202f;000 points chacun dans une partie en un tour, 25&#x202f;000 dans une partie en deux tours.</translation>
    </message>
    <message>
        <source>10,000 / 5,000 / -5,000 / -10,000 (§3.6.1) may be the club&apos;s own values rather than EMA 2008&apos;s.</source>
        <translation>10&#x202f;000 / 5&#x202f;000 / -5&#x202f;000 / -10&#x202f;000 (§3.6.1) sont peut-être les valeurs du club plutôt que celles de l&apos;EMA 2008.</translation>
    </message>
    <message>
        <source>§3.6.1: tied players split the uma of their places. Three-way ties split exactly (3,333.33... each), rounded only for display.</source>
        <translation>§3.6.1&#xa0;: les joueurs à égalité se partagent l&apos;uma de leurs places. Une égalité à trois se partage exactement (3 333,33… chacun), arrondi seulement à l&apos;affichage.</translation>
    </message>
    <message>
        <source>§3.4.10: each counter increases the value of a winning hand by 300 points; read per winning hand, every winner of a multiple ron is paid the counters. The riichi sticks go to the first winner from the discarder&apos;s right.</source>
        <translation>§3.4.10&#xa0;: chaque compteur augmente la valeur d&apos;une main gagnante de 300 points&#xa0;; lu par main gagnante, chaque gagnant d&apos;un ron multiple reçoit les compteurs. Les mises de riichi vont au premier gagnant à droite du joueur qui a écarté.</translation>
    </message>
    <message>
        <source>No abortive draws: not in the source.</source>
        <translation>Pas de partie avortée&#xa0;: absent de la source.</translation>
    </message>
    <message>
        <source>Liability for Big Three Dragons and Big Four Winds (2008 text of §3.3.9, on the club&apos;s previous page, not among the sections read): the liable player pays all of a self-drawn win; on another player&apos;s discard he and the discarder share it, the discarder pays the counters.</source>
        <translation>Responsabilité (pao) pour les Trois grands dragons et les Quatre grands vents (texte 2008 du §3.3.9, sur la page précédente du club, non lue)&#xa0;: le joueur responsable paye toute une victoire sur pioche&#xa0;; sur l&apos;écart d&apos;un autre joueur, lui et celui qui a écarté se la partagent, celui qui a écarté paye les compteurs.</translation>
    </message>
    <message>
        <source>Swap-calling is not forbidden in the EMA 2008 text (it was forbidden from 2016).</source>
        <translation>L&apos;appel d&apos;échange n&apos;est pas interdit dans le texte EMA 2008 (il l&apos;est depuis 2016).</translation>
    </message>
    <message>
        <source>Applied when the dealer of the last hand keeps the deal and leads alone.</source>
        <translation>Appliqué quand le donneur de la dernière main garde la donne et est seul en tête.</translation>
    </message>
    <message>
        <source>Any payment that leaves a score below zero ends the game after that payment; exactly 0 does not.</source>
        <translation>Tout payement qui laisse un score sous zéro termine la partie après ce payement&#xa0;; exactement 0 ne la termine pas.</translation>
    </message>
    <message>
        <source>No warning ladder: warnings are counted over the whole tournament.</source>
        <translation>Pas d&apos;échelle d&apos;avertissements&#xa0;: les avertissements sont comptés sur tout le tournoi.</translation>
    </message>
    <message>
        <source>With five or more counters a win needs two yaku (§3.4.11).</source>
        <translation>Avec cinq compteurs ou plus, une victoire demande deux yaku (§3.4.11).</translation>
    </message>
    <message>
        <source>The source does not distinguish a hand not revealed: the literal reading (chombo) is used.</source>
        <translation>La source ne distingue pas une main non révélée&#xa0;: la lecture littérale (chombo) est appliquée.</translation>
    </message>
    <message>
        <source>The penalty sections say nothing on this: the referee decides. Elsewhere these rules accept &apos;ron or mahjong&apos; and &apos;tsumo or mahjong&apos; as words for a win (not among the sections read).</source>
        <translation>Les sections sur les pénalités ne disent rien à ce sujet&#xa0;: l&apos;arbitre décide. Ailleurs, ces règles acceptent «&#xa0;ron ou mahjong&#xa0;» et «&#xa0;tsumo ou mahjong&#xa0;» pour une victoire (sections non lues).</translation>
    </message>
    <message>
        <source>The source says nothing on this: the referee decides.</source>
        <translation>La source ne dit rien à ce sujet&#xa0;: l&apos;arbitre décide.</translation>
    </message>
    <message>
        <source>The source says nothing on this.</source>
        <translation>La source ne dit rien à ce sujet.</translation>
    </message>
    <message>
        <source>Correct it: the player places the 1,000-point riichi bet.</source>
        <translation>À corriger&#xa0;: le joueur place sa mise de riichi de 1&#x202f;000 points.</translation>
    </message>
    <message>
        <source>The source says nothing on this: the riichi is void and the bet goes back; the referee decides the rest.</source>
        <translation>La source ne dit rien à ce sujet&#xa0;: le riichi est annulé et la mise est rendue&#xa0;; l&apos;arbitre décide du reste.</translation>
    </message>
    <message>
        <source>A dead hand is declared when it was recorded here.</source>
        <translation>Une main morte est déclarée quand elle a été enregistrée ici.</translation>
    </message>
    <message>
        <source>The dead hand had not been declared: the call is void, no chombo.</source>
        <translation>La main morte n&apos;avait pas été déclarée&#xa0;: l&apos;appel est annulé, pas de chombo.</translation>
    </message>
    <message>
        <source>Counted per incident (&apos;more than five at the same time&apos;); the dead wall is not in the chombo list.</source>
        <translation>Compté par incident («&#xa0;plus de cinq en même temps&#xa0;»)&#xa0;; le mur mort ne figure pas dans la liste des chombos.</translation>
    </message>
    <message>
        <source>Through no player&apos;s fault: re-deal without penalty (the source does not say so).</source>
        <translation>Sans faute d&apos;un joueur&#xa0;: redistribution sans pénalité (la source ne le dit pas).</translation>
    </message>
    <message>
        <source>Only a dead-wall tile is covered (§3.4.7); otherwise the source says nothing and the referee decides.</source>
        <translation>Seule une tuile du mur mort est prévue (§3.4.7)&#xa0;; sinon la source ne dit rien et l&apos;arbitre décide.</translation>
    </message>
    <message>
        <source>The source says nothing on this: a player who cannot show a tenpai hand is noten.</source>
        <translation>La source ne dit rien à ce sujet&#xa0;: un joueur qui ne peut pas montrer une main tenpai est noten.</translation>
    </message>
    <message>
        <source>The source has no cheating rule: the referee decides.</source>
        <translation>La source n&apos;a pas de règle sur la triche&#xa0;: l&apos;arbitre décide.</translation>
    </message>
    <message>
        <source>The source has no attendance rules: the referee decides.</source>
        <translation>La source n&apos;a pas de règle de présence&#xa0;: l&apos;arbitre décide.</translation>
    </message>
    <message>
        <source>30,000 / 10,000 / -10,000 / -30,000: deduced from the substitute rule of §5.7, which names uma of 30,000, 10,000, -10,000 and -30,000.</source>
        <translation>30&#x202f;000 / 10&#x202f;000 / -10&#x202f;000 / -30&#x202f;000&#xa0;: déduit de la règle des joueurs de substitution du §5.7, qui cite des uma de 30&#x202f;000, 10&#x202f;000, -10&#x202f;000 et -30&#x202f;000.</translation>
    </message>
    <message>
        <source>Tied players share the uma of their places: not stated in the sections read.</source>
        <translation>Les joueurs à égalité se partagent l&apos;uma de leurs places&#xa0;: non précisé dans les sections lues.</translation>
    </message>
    <message>
        <source>Multiple ron allowed, the discarder paying each winner: from the 2008 text of §3.4.9.</source>
        <translation>Ron multiple autorisé, celui qui a écarté payant chaque gagnant&#xa0;: d&apos;après le texte 2008 du §3.4.9.</translation>
    </message>
    <message>
        <source>Each counter increases the value of a winning hand by 300 points (2008 text of §3.4.10): on a multiple ron every winner is paid the counters. The riichi sticks go to the first winner from the discarder&apos;s right.</source>
        <translation>Chaque compteur augmente la valeur d&apos;une main gagnante de 300 points (texte 2008 du §3.4.10)&#xa0;: sur un ron multiple, chaque gagnant reçoit les compteurs. Les mises de riichi vont au premier gagnant à droite du joueur qui a écarté.</translation>
    </message>
    <message>
        <source>Liability for Big Three Dragons and Big Four Winds (2008 text of §3.3.9, not among the sections read): the liable player pays all of a self-drawn win; on another player&apos;s discard he and the discarder share it, the discarder pays the counters.</source>
        <translation>Responsabilité (pao) pour les Trois grands dragons et les Quatre grands vents (texte 2008 du §3.3.9, non lu)&#xa0;: le joueur responsable paye toute une victoire sur pioche&#xa0;; sur l&apos;écart d&apos;un autre joueur, lui et celui qui a écarté se la partagent, celui qui a écarté paye les compteurs.</translation>
    </message>
    <message>
        <source>Swap-calling is not forbidden in the 2012 rules; it was forbidden from 2016 (the EMA&apos;s list of 2016 changes).</source>
        <translation>L&apos;appel d&apos;échange n&apos;est pas interdit dans les règles 2012&#xa0;; il l&apos;est depuis 2016 (liste des changements 2016 de l&apos;EMA).</translation>
    </message>
    <message>
        <source>No abortive draws: not in the sections read.</source>
        <translation>Pas de partie avortée&#xa0;: absent des sections lues.</translation>
    </message>
    <message>
        <source>With five or more counters a win needs two yaku (2008 text of §3.4.11; removed in 2016).</source>
        <translation>Avec cinq compteurs ou plus, une victoire demande deux yaku (texte 2008 du §3.4.11&#xa0;; supprimé en 2016).</translation>
    </message>
    <message>
        <source>Riichi sticks left at the end go to the winner: from the 2008 text of §3.6.</source>
        <translation>Les mises de riichi restant à la fin vont au gagnant&#xa0;: d&apos;après le texte 2008 du §3.6.</translation>
    </message>
    <message>
        <source>§5.7: substitute players&apos; session results are always entered as 0 points and -30,000 uma; a substitute from the start of the session still counts for the opponents&apos; uma.</source>
        <translation>§5.7&#xa0;: les résultats de session des joueurs de substitution sont toujours enregistrés comme 0 point et -30&#x202f;000 d&apos;uma&#xa0;; un joueur de substitution présent dès le début de la session compte quand même pour l&apos;uma des adversaires.</translation>
    </message>
    <message>
        <source>§5.7: a substitute who comes in after play has begun always receives the -30,000 uma; the other three get 30,000, 10,000 and -10,000.</source>
        <translation>§5.7&#xa0;: un joueur de substitution arrivé après le début du jeu reçoit toujours l&apos;uma de -30&#x202f;000&#xa0;; les trois autres reçoivent 30&#x202f;000, 10&#x202f;000 et -10&#x202f;000.</translation>
    </message>
    <message>
        <source>§5.7: a substituted player receives 0 points and an uma of -30,000 for each session missed.</source>
        <translation>§5.7&#xa0;: un joueur remplacé reçoit 0 point et un uma de -30&#x202f;000 pour chaque session manquée.</translation>
    </message>
    <message>
        <source>EMA 2012 has no warning ladder: warnings are counted over the whole tournament (§5.4: serious or repeated cases).</source>
        <translation>L&apos;EMA 2012 n&apos;a pas d&apos;échelle d&apos;avertissements&#xa0;: les avertissements sont comptés sur tout le tournoi (§5.4&#xa0;: cas graves ou répétés).</translation>
    </message>
    <message>
        <source>§5.3 says only that attempting riichi on an open hand results in a dead hand. That the riichi is void and its bet goes back is a reading: §5.3 returns the bet of a riichi not said or not rotated.</source>
        <translation>Le §5.3 dit seulement que tenter un riichi avec une main ouverte entraîne une main morte. Que le riichi soit annulé et sa mise rendue est une interprétation&#xa0;: le §5.3 rend la mise d&apos;un riichi non annoncé ou dont l&apos;écart n&apos;est pas tourné.</translation>
    </message>
    <message>
        <source>Attempting riichi on an open hand: dead hand. The riichi is void and the bet goes back, as for a riichi not said or not rotated.</source>
        <translation>Tenter un riichi avec une main ouverte&#xa0;: main morte. Le riichi est annulé et la mise est rendue, comme pour un riichi non annoncé ou dont l&apos;écart n&apos;est pas tourné.</translation>
    </message>
    <message>
        <source>Not named in the rules: the riichi rules of §5.3 read by analogy; the referee decides.</source>
        <translation>Non cité dans les règles&#xa0;: les règles de riichi du §5.3 lues par analogie&#xa0;; l&apos;arbitre décide.</translation>
    </message>
    <message>
        <source>Swap-calling is not forbidden in the 2012 rules (it was forbidden from 2016, according to the EMA&apos;s list of changes).</source>
        <translation>L&apos;appel d&apos;échange n&apos;est pas interdit dans les règles 2012 (il l&apos;est depuis 2016, selon la liste des changements de l&apos;EMA).</translation>
    </message>
    <message>
        <source>Claiming a tile after the hand has been declared a dead hand.</source>
        <translation>Réclamer une tuile après que la main a été déclarée morte.</translation>
    </message>
    <message>
        <source>Not in the sections read: in the 2012 rules each call has 3 seconds and a pung takes precedence over a chow within that time (a secondary source; removed in 2016).</source>
        <translation>Absent des sections lues&#xa0;: dans les règles 2012, chaque appel dispose de 3 secondes et un pung a priorité sur un chow dans ce délai (source secondaire&#xa0;; supprimé en 2016).</translation>
    </message>
    <message>
        <source>The penalty sections have no rule on this; the rules elsewhere call noten a player who cannot or will not show a tenpai hand (not among the sections read).</source>
        <translation>Les sections sur les pénalités ne disent rien à ce sujet&#xa0;; ailleurs, les règles appellent noten un joueur qui ne peut ou ne veut pas montrer une main tenpai (sections non lues).</translation>
    </message>
    <message>
        <source>§5.4</source>
        <translation>§5.4</translation>
    </message>
    <message>
        <source>Normally the opponents warn first; in serious or repeated cases, dead hand or point penalty.</source>
        <translation>Normalement, les adversaires avertissent d&apos;abord&#xa0;; dans les cas graves ou répétés, main morte ou points de pénalité.</translation>
    </message>
    <message>
        <source>§5.5</source>
        <translation>§5.5</translation>
    </message>
    <message>
        <source>Not a separate offence in EMA 2012: ruled as obstruction.</source>
        <translation>Pas une faute distincte dans EMA 2012&#xa0;: traitée comme obstruction.</translation>
    </message>
    <message>
        <source>Immediate disqualification (the evidence must be clear): ranked at the bottom, still counts for the EMA ranking.</source>
        <translation>Disqualification immédiate (les preuves doivent être claires)&#xa0;: classé dernier, compte toujours pour le classement EMA.</translation>
    </message>
    <message>
        <source>§5.6</source>
        <translation>§5.6</translation>
    </message>
    <message>
        <source>More than 10 minutes late: replaced by a substitute.</source>
        <translation>Plus de 10 minutes de retard&#xa0;: remplacé par un joueur de substitution.</translation>
    </message>
    <message>
        <source>1,000 points per minute off the table score at once, not given to the others.</source>
        <translation>1&#x202f;000 points par minute retirés immédiatement du score à la table, non donnés aux autres.</translation>
    </message>
    <message>
        <source>§5.7</source>
        <translation>§5.7</translation>
    </message>
    <message>
        <source>§5.2</source>
        <translation>§5.2</translation>
    </message>
    <message>
        <source>§5.5, §5.7</source>
        <translation>§5.5, §5.7</translation>
    </message>
    <message>
        <source>EMA 2016</source>
        <translation>EMA 2016</translation>
    </message>
    <message>
        <source>§3.3.2</source>
        <translation>§3.3.2</translation>
    </message>
    <message>
        <source>§5.8</source>
        <translation>§5.8</translation>
    </message>
    <message>
        <source>Japanese Modern (house)</source>
        <translation>Japonais moderne (règles maison)</translation>
    </message>
    <message>
        <source>The source has no point penalties or attendance rules.</source>
        <translation>La source n&apos;a ni points de pénalité ni règles de présence.</translation>
    </message>
    <message>
        <source>Chombo: invalid declaration of a win</source>
        <translation>Chombo&#xa0;: déclaration de victoire invalide</translation>
    </message>
    <message>
        <source>Chombo: riichi on a hand that is not waiting</source>
        <translation>Chombo&#xa0;: riichi avec une main qui n&apos;est pas en attente</translation>
    </message>
    <message>
        <source>Determined in case of a draw: record it instead of the draw.</source>
        <translation>Déterminé en cas de partie du mur&#xa0;: enregistrez-le à la place de la partie du mur.</translation>
    </message>
    <message>
        <source>Chombo: concealed kan after riichi</source>
        <translation>Chombo&#xa0;: kong caché après riichi</translation>
    </message>
    <message>
        <source>Erroneous Call</source>
        <translation>Appel erroné</translation>
    </message>
    <message>
        <source>Corrected: no penalty.</source>
        <translation>Corrigé&#xa0;: pas de pénalité.</translation>
    </message>
    <message>
        <source>Not corrected: the player forfeits the right to win this hand.</source>
        <translation>Non corrigé&#xa0;: le joueur perd le droit de gagner cette main.</translation>
    </message>
    <message>
        <source>Wrong Tile Count</source>
        <translation>Mauvais nombre de tuiles</translation>
    </message>
    <message>
        <source>Chombo: claiming a tile after a dead hand</source>
        <translation>Chombo&#xa0;: réclamer une tuile avec une main morte</translation>
    </message>
    <message>
        <source>Chombo: exposing five or more tiles; Touching a Tile</source>
        <translation>Chombo&#xa0;: révéler cinq tuiles ou plus&#xa0;; Toucher une tuile</translation>
    </message>
    <message>
        <source>Five or more tiles exposed from the wall, the player&apos;s or an opponent&apos;s hand.</source>
        <translation>Cinq tuiles ou plus révélées du mur, de la main du joueur ou de celle d&apos;un adversaire.</translation>
    </message>
    <message>
        <source>Tiles exposed from an opponent&apos;s hand or the dead wall: dead hand.</source>
        <translation>Tuiles révélées de la main d&apos;un adversaire ou du mur mort&#xa0;: main morte.</translation>
    </message>
    <message>
        <source>The tiles are put back.</source>
        <translation>Les tuiles sont remises en place.</translation>
    </message>
    <message>
        <source>Touching a Tile</source>
        <translation>Toucher une tuile</translation>
    </message>
    <message>
        <source>A tile of the dead wall: dead hand.</source>
        <translation>Une tuile du mur mort&#xa0;: main morte.</translation>
    </message>
    <message>
        <source>Touched on the wrong side and revealed or its face touched: the player forfeits the right to win; the tile is returned.</source>
        <translation>Touchée du mauvais côté et révélée, ou sa face touchée&#xa0;: le joueur perd le droit de gagner&#xa0;; la tuile est remise en place.</translation>
    </message>
    <message>
        <source>The tile is returned.</source>
        <translation>La tuile est remise en place.</translation>
    </message>
    <message>
        <source>Erroneous Call; Wrong Tile Count</source>
        <translation>Appel erroné&#xa0;; Mauvais nombre de tuiles</translation>
    </message>
    <message>
        <source>SG club league</source>
        <translation>Ligue du club SG</translation>
    </message>
    <message>
        <source>Chombo Penalty *</source>
        <translation>Pénalité de chombo *</translation>
    </message>
    <message>
        <source>First timer attending the session: dead hand only. The revealed tiles stay exposed; the player cannot win.</source>
        <translation>Joueur venu pour la première fois à la session&#xa0;: main morte seulement. Les tuiles révélées restent visibles&#xa0;; le joueur ne peut pas gagner.</translation>
    </message>
    <message>
        <source>Calls Penalty: Empty Calls</source>
        <translation>Pénalité d&apos;appel&#xa0;: appels vides</translation>
    </message>
    <message>
        <source>Calls Penalty: Wrong word used win/calls</source>
        <translation>Pénalité d&apos;appel&#xa0;: mauvais terme (victoire/appels)</translation>
    </message>
    <message>
        <source>Chombo Penalty</source>
        <translation>Pénalité de chombo</translation>
    </message>
    <message>
        <source>Determined only in case of a drawn game: record it instead of the draw.</source>
        <translation>Déterminé seulement en cas de partie du mur&#xa0;: enregistrez-le à la place de la partie du mur.</translation>
    </message>
    <message>
        <source>Chombo Penalty: Invalid Kan **</source>
        <translation>Pénalité de chombo&#xa0;: kong invalide **</translation>
    </message>
    <message>
        <source>Calls Penalty: Silent Calls</source>
        <translation>Pénalité d&apos;appel&#xa0;: appels silencieux</translation>
    </message>
    <message>
        <source>Dead Hand: claiming a false set and discard has been made</source>
        <translation>Main morte&#xa0;: réclamer un faux groupe et avoir écarté</translation>
    </message>
    <message>
        <source>No discard made yet: correct it.</source>
        <translation>Pas encore d&apos;écart&#xa0;: à corriger.</translation>
    </message>
    <message>
        <source>Other fouls: Failing to take the claimed tile</source>
        <translation>Autres fautes&#xa0;: ne pas prendre la tuile réclamée</translation>
    </message>
    <message>
        <source>Dead Hand: claiming a tile after the hand has been declared a dead hand</source>
        <translation>Main morte&#xa0;: réclamer une tuile après que la main a été déclarée morte</translation>
    </message>
    <message>
        <source>Listed among the dead-hand offences: no further sanction; the call is void.</source>
        <translation>Classé parmi les fautes de main morte&#xa0;: pas d&apos;autre sanction&#xa0;; l&apos;appel est annulé.</translation>
    </message>
    <message>
        <source>Issue of Pon over-riding Chi</source>
        <translation>Priorité du pung sur le chow</translation>
    </message>
    <message>
        <source>Each call has 3 seconds. Chi tiles revealed too early and overridden by a pon stay exposed for the rest of the hand (not a penalty). A pon after 3 seconds is too late.</source>
        <translation>Chaque appel dispose de 3 secondes. Les tuiles du chow révélées trop tôt et supplantées par un pung restent visibles pour le reste de la main (ce n&apos;est pas une pénalité). Un pung après 3 secondes est trop tardif.</translation>
    </message>
    <message>
        <source>Dead Hand: too few or too many tiles</source>
        <translation>Main morte&#xa0;: trop peu ou trop de tuiles</translation>
    </message>
    <message>
        <source>Made the game impossible to continue: offline -20 rating points. If the hand cannot go on, also record a re-deal.</source>
        <translation>Partie rendue impossible à poursuivre&#xa0;: -20 points de classement hors ligne. Si la main ne peut pas continuer, enregistrez aussi une redistribution.</translation>
    </message>
    <message>
        <source>Dead Hand: picking a tile from the wrong part of the wall</source>
        <translation>Main morte&#xa0;: piocher une tuile au mauvais endroit du mur</translation>
    </message>
    <message>
        <source>To be declared by the players before the tile is added to the offender&apos;s hand.</source>
        <translation>À signaler par les joueurs avant que la tuile ne rejoigne la main du joueur fautif.</translation>
    </message>
    <message>
        <source>The source says nothing on this: the referee decides. A warning here does not climb the calls ladder.</source>
        <translation>La source ne dit rien à ce sujet&#xa0;: l&apos;arbitre décide. Un avertissement ici ne monte pas l&apos;échelle des annonces.</translation>
    </message>
    <message>
        <source>Did whatever that made the game impossible to continue</source>
        <translation>Avoir rendu la partie impossible à poursuivre</translation>
    </message>
    <message>
        <source>Offline penalty of minus 20 rating points.</source>
        <translation>Pénalité hors ligne de 20 points de classement.</translation>
    </message>
    <message>
        <source>A recorded warning: it does not climb the calls ladder.</source>
        <translation>Un avertissement enregistré&#xa0;: il ne monte pas l&apos;échelle des annonces.</translation>
    </message>
    <message>
        <source>Dead Hand</source>
        <translation>Main morte</translation>
    </message>
    <message>
        <source>WRC 2015</source>
        <translation>WRC 2015</translation>
    </message>
    <message>
        <source>§7.2 Empty call (win, hand shown)</source>
        <translation>§7.2 Appel vide&#xa0;: déclaration vide de victoire, main révélée</translation>
    </message>
    <message>
        <source>§7.2 Empty call (win, hand still concealed)</source>
        <translation>§7.2 Appel vide&#xa0;: déclaration vide de victoire, main restée cachée</translation>
    </message>
    <message>
        <source>§7.2 Wrong word</source>
        <translation>§7.2 Mauvais terme</translation>
    </message>
    <message>
        <source>Alternative words are not penalized when the intention is clear; the valid words are ron and tsumo.</source>
        <translation>Les termes alternatifs ne sont pas pénalisés si l&apos;intention est claire&#xa0;; les termes valides sont ron et tsumo.</translation>
    </message>
    <message>
        <source>§7.2 Changing a call</source>
        <translation>§7.2 Modifier un appel</translation>
    </message>
    <message>
        <source>§7.2 Wrong riichi declaration ※</source>
        <translation>§7.2 Mauvaise déclaration de riichi ※</translation>
    </message>
    <message>
        <source>Only determined when the player wins or at an exhaustive draw: record it instead of the draw.</source>
        <translation>Déterminé seulement si le joueur gagne ou en cas de partie du mur&#xa0;: enregistrez-le à la place de la partie du mur.</translation>
    </message>
    <message>
        <source>§7.2 Wrong riichi declaration</source>
        <translation>§7.2 Mauvaise déclaration de riichi</translation>
    </message>
    <message>
        <source>Only determined when the player wins or at an exhaustive draw.</source>
        <translation>Déterminé seulement si le joueur gagne ou en cas de partie du mur.</translation>
    </message>
    <message>
        <source>The rotation must be corrected; if the rotated tile is unknown, the earliest candidate counts for furiten.</source>
        <translation>L&apos;écart doit être tourné&#xa0;; si la tuile à tourner est inconnue, la plus ancienne tuile possible est prise en compte pour le furiten.</translation>
    </message>
    <message>
        <source>§7.2 Empty call</source>
        <translation>§7.2 Appel vide</translation>
    </message>
    <message>
        <source>§7.2 Invalid group</source>
        <translation>§7.2 Groupe invalide</translation>
    </message>
    <message>
        <source>Before the discard: make the claimed group (no penalty), or retract it (an empty call).</source>
        <translation>Avant l&apos;écart&#xa0;: former le groupe annoncé (pas de pénalité) ou retirer l&apos;annonce (appel vide).</translation>
    </message>
    <message>
        <source>After the discard the invalid group cannot be changed.</source>
        <translation>Après l&apos;écart, le groupe invalide ne peut plus être modifié.</translation>
    </message>
    <message>
        <source>§7.2 Swap-calling</source>
        <translation>§7.2 Appel d&apos;échange</translation>
    </message>
    <message>
        <source>Determined at the discard; the melded group and the discard cannot be changed.</source>
        <translation>Déterminé à l&apos;écart&#xa0;; le groupe exposé et la tuile écartée ne peuvent pas être changés.</translation>
    </message>
    <message>
        <source>§7.2 Wrong tile count</source>
        <translation>§7.2 Mauvais nombre de tuiles</translation>
    </message>
    <message>
        <source>§7.2 Calling with a dead hand</source>
        <translation>§7.2 Appel avec une main morte</translation>
    </message>
    <message>
        <source>The hand was formally declared dead: 20 points penalty, the game continues.</source>
        <translation>La main avait été formellement déclarée morte&#xa0;: 20 points de pénalité, le jeu continue.</translation>
    </message>
    <message>
        <source>§7.2 Wrongly revealing or picking tiles</source>
        <translation>§7.2 Révéler ou piocher des tuiles par erreur</translation>
    </message>
    <message>
        <source>WRC 2015 gives no number of tiles: chonbo only if the game cannot fairly continue.</source>
        <translation>Le règlement WRC 2015 ne donne pas de nombre de tuiles&#xa0;: chonbo seulement si la partie ne peut pas continuer de façon équitable.</translation>
    </message>
    <message>
        <source>No penalty while building the walls, before the dice are thrown.</source>
        <translation>Pas de pénalité pendant la construction du mur, avant que les dés soient jetés.</translation>
    </message>
    <message>
        <source>During dealing: re-deal, no penalty.</source>
        <translation>Durant la distribution&#xa0;: refaire la distribution, pas de pénalité.</translation>
    </message>
    <message>
        <source>A few tiles: put them back where they came from.</source>
        <translation>Petit nombre de tuiles&#xa0;: les replacer là d&apos;où elles viennent.</translation>
    </message>
    <message>
        <source>The game cannot fairly continue.</source>
        <translation>La partie ne peut pas continuer de façon équitable.</translation>
    </message>
    <message>
        <source>Put the tile back where it came from.</source>
        <translation>Replacer la tuile là d&apos;où elle vient.</translation>
    </message>
    <message>
        <source>§7.2 Passing information</source>
        <translation>§7.2 Transmission d&apos;information</translation>
    </message>
    <message>
        <source>Minor cases are not penalized. Correcting an imminent minor irregularity and pointing out a dead hand are allowed.</source>
        <translation>Les cas mineurs ne sont pas pénalisés. Il est permis de reprendre un joueur sur le point de commettre une irrégularité mineure et de signaler une main morte.</translation>
    </message>
    <message>
        <source>§7.2 Obstruction</source>
        <translation>§7.2 Obstruction</translation>
    </message>
    <message>
        <source>At the referee&apos;s discretion; repeated obstruction can lead to disqualification.</source>
        <translation>À la discrétion de l&apos;arbitre&#xa0;; des cas répétés d&apos;obstruction peuvent aboutir à une disqualification.</translation>
    </message>
    <message>
        <source>§7.2 Phone ringing / electronic device</source>
        <translation>§7.2 Sonnerie de téléphone / appareil électronique</translation>
    </message>
    <message>
        <source>Point penalty at the referee&apos;s discretion, by the level of disturbance.</source>
        <translation>Points de pénalité à la discrétion de l&apos;arbitre, en fonction du niveau de dérangement.</translation>
    </message>
    <message>
        <source>§7.2 Fault due to another player&apos;s fault</source>
        <translation>§7.2 Faute due à la faute d&apos;un autre joueur</translation>
    </message>
    <message>
        <source>Not a separate offence in WRC 2015: ruled as obstruction.</source>
        <translation>Pas une faute distincte dans le règlement WRC 2015&#xa0;: traitée comme obstruction.</translation>
    </message>
    <message>
        <source>§7.2 Cheating</source>
        <translation>§7.2 Triche</translation>
    </message>
    <message>
        <source>Disqualified immediately: not listed in the ranking; the national federation is informed.</source>
        <translation>Disqualifié immédiatement&#xa0;: n&apos;apparaît pas dans le classement&#xa0;; la fédération nationale est informée.</translation>
    </message>
    <message>
        <source>§7.2 Being late for a hanchan</source>
        <translation>§7.2 Arrivée en retard pour un hanchan</translation>
    </message>
    <message>
        <source>More than ten minutes: replaced by a substitute; only the 30-point missed-hanchan penalty (not cumulative).</source>
        <translation>Plus de dix minutes&#xa0;: remplacement par un joueur de substitution&#xa0;; seulement les 30 points de pénalité pour hanchan manqué (non cumulables).</translation>
    </message>
    <message>
        <source>One point per minute from the overall score.</source>
        <translation>Un point par minute retiré du score global.</translation>
    </message>
    <message>
        <source>§7.2 Missing a hanchan and substitute players</source>
        <translation>§7.2 Manquer un hanchan et joueurs de substitution</translation>
    </message>
    <message>
        <source>The absent player gets no points and a 30-point penalty; the substitute is scored normally and not ranked.</source>
        <translation>Le joueur absent ne reçoit aucun point et a 30 points de pénalité&#xa0;; le score du joueur de substitution est compté normalement, mais il n&apos;est pas classé.</translation>
    </message>
    <message>
        <source>§7.1 Not penalized</source>
        <translation>§7.1 Non pénalisé</translation>
    </message>
    <message>
        <source>WRC 2015 has no warnings as such: a warning records a trivial offence, not penalized; repeated cases may be ruled as obstruction.</source>
        <translation>Le règlement WRC 2015 n&apos;a pas d&apos;avertissements en tant que tels&#xa0;: un avertissement enregistre une offense triviale, non pénalisée&#xa0;; les cas répétés peuvent être traités comme obstruction.</translation>
    </message>
    <message>
        <source>§7.1 Point penalty</source>
        <translation>§7.1 Points de pénalité</translation>
    </message>
    <message>
        <source>§7.1 Dead hand</source>
        <translation>§7.1 Main morte</translation>
    </message>
    <message>
        <source>§7.1 Disqualification</source>
        <translation>§7.1 Disqualification</translation>
    </message>
</context>
<context>
    <name>Ruling</name>
    <message>
        <source>Not penalized</source>
        <translation>Non pénalisé</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>Avertissement</translation>
    </message>
    <message>
        <source>Dead hand</source>
        <translation>Main morte</translation>
    </message>
    <message>
        <source>Chombo</source>
        <translation>Chombo</translation>
    </message>
    <message>
        <source>Point penalty</source>
        <translation>Points de pénalité</translation>
    </message>
    <message>
        <source>Re-deal, no penalty</source>
        <translation>Redistribution, pas de pénalité</translation>
    </message>
    <message>
        <source>Replaced by a substitute</source>
        <translation>Remplacé par un joueur de substitution</translation>
    </message>
    <message>
        <source>Disqualification</source>
        <translation>Disqualification</translation>
    </message>
    <message>
        <source>Rating penalty</source>
        <translation>Pénalité de classement</translation>
    </message>
    <message>
        <source>At the referee&apos;s discretion</source>
        <translation>À la discrétion de l&apos;arbitre</translation>
    </message>
    <message>
        <source>Chonbo</source>
        <translation>Chonbo</translation>
    </message>
</context>
<context>
    <name>RulingWords</name>
    <message>
        <source>%1 or %2</source>
        <translation>%1 ou %2</translation>
    </message>
    <message>
        <source>Choose the penalty: %1.</source>
        <translation>Choisissez la pénalité&#xa0;: %1.</translation>
    </message>
    <message>
        <source>Choose the penalty, or set it with − and +: from %1, in steps of %3.</source>
        <translation>Choisissez la pénalité, ou indiquez-la avec − et +&#xa0;: à partir de %1, par pas de %3.</translation>
    </message>
    <message>
        <source>Set the penalty: from %1, in steps of %3.</source>
        <translation>Indiquez la pénalité&#xa0;: à partir de %1, par pas de %3.</translation>
    </message>
    <message>
        <source>Choose the penalty, or set it with − and +: %1 to %2, in steps of %3.</source>
        <translation>Choisissez la pénalité, ou indiquez-la avec − et +&#xa0;: de %1 à %2, par pas de %3.</translation>
    </message>
    <message>
        <source>Set the penalty: %1 to %2, in steps of %3.</source>
        <translation>Indiquez la pénalité&#xa0;: de %1 à %2, par pas de %3.</translation>
    </message>
    <message>
        <source>Choose the reason.</source>
        <translation>Choisissez la raison.</translation>
    </message>
    <message>
        <source>Choose which tiles were shown.</source>
        <translation>Choisissez les tuiles montrées.</translation>
    </message>
    <message>
        <source>Choose where the tiles came from.</source>
        <translation>Choisissez d’où viennent les tuiles.</translation>
    </message>
    <message>
        <source>Choose when it happened.</source>
        <translation>Choisissez quand c’est arrivé.</translation>
    </message>
    <message>
        <source>Choose your decision.</source>
        <translation>Choisissez votre décision.</translation>
    </message>
    <message>
        <source>Choose the offence the dead hand is for.</source>
        <translation>Choisissez la faute pour laquelle la main est morte.</translation>
    </message>
    <message>
        <source>Set the number of tiles.</source>
        <translation>Indiquez le nombre de tuiles.</translation>
    </message>
    <message>
        <source>Set the minutes late.</source>
        <translation>Indiquez les minutes de retard.</translation>
    </message>
    <message>
        <source>Answer this question.</source>
        <translation>Répondez à cette question.</translation>
    </message>
    <message>
        <source>Answer the question marked above to see the preview.</source>
        <translation>Répondez à la question signalée ci-dessus pour voir l’aperçu.</translation>
    </message>
    <message>
        <source>The hanchan is over: this ruling needs a hand in play. Start the next hanchan first.</source>
        <translation>Le hanchan est terminé&#xa0;: cette décision demande une main en cours. Commencez d’abord le hanchan suivant.</translation>
    </message>
    <message>
        <source>%1&apos;s seat is already played by a substitute.</source>
        <translation>La place de %1 est déjà tenue par un remplaçant.</translation>
    </message>
    <message>
        <source>%1 has not declared riichi in this hand: this offence needs a riichi.</source>
        <translation>%1 n’a pas déclaré riichi dans cette main&#xa0;: cette faute demande un riichi.</translation>
    </message>
    <message>
        <source>%1 already plays at this table: type another name.</source>
        <translation>%1 joue déjà à cette table&#xa0;: tapez un autre nom.</translation>
    </message>
    <message>
        <source>An answer is missing or not allowed by the rule set: check the questions.</source>
        <translation>Une réponse manque ou n’est pas permise par le règlement&#xa0;: vérifiez les questions.</translation>
    </message>
    <message>
        <source>The rule set does not allow this entry here.</source>
        <translation>Le règlement ne permet pas cette saisie ici.</translation>
    </message>
</context>
<context>
    <name>ScoreChart</name>
    <message>
        <source>E</source>
        <comment>East, one letter</comment>
        <translation>E</translation>
    </message>
    <message>
        <source>S</source>
        <comment>South, one letter</comment>
        <translation>S</translation>
    </message>
    <message>
        <source>W</source>
        <comment>West, one letter</comment>
        <translation>O</translation>
    </message>
    <message>
        <source>N</source>
        <comment>North, one letter</comment>
        <translation>N</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>Début</translation>
    </message>
    <message>
        <source>H%1</source>
        <translation>H%1</translation>
    </message>
    <message>
        <source>Now</source>
        <translation>Actuel</translation>
    </message>
    <message>
        <source>Final</source>
        <translation>Final</translation>
    </message>
    <message>
        <source>No hand played yet.</source>
        <translation>Aucune main jouée pour l’instant.</translation>
    </message>
</context>
<context>
    <name>ScreenSetup</name>
    <message>
        <source>Screen (F11 switches)</source>
        <translation>Écran (F11 bascule)</translation>
    </message>
    <message>
        <source>Automatic</source>
        <translation>Automatique</translation>
    </message>
    <message>
        <source>Full screen</source>
        <translation>Plein écran</translation>
    </message>
    <message>
        <source>Window</source>
        <translation>Fenêtre</translation>
    </message>
</context>
<context>
    <name>SeatPanel</name>
    <message>
        <source>Riichi</source>
        <translation>Riichi</translation>
    </message>
    <message>
        <source>Dealer</source>
        <translation>Donneur</translation>
    </message>
    <message>
        <source> (substitute)</source>
        <translation> (remplaçant)</translation>
    </message>
    <message>
        <source>%1: %2, %3</source>
        <comment>a seat for a screen reader: wind, player, score</comment>
        <translation>%1&#xa0;: %2, %3</translation>
    </message>
    <message>
        <source>Overall %1</source>
        <translation>Global %1</translation>
    </message>
    <message>
        <source>Riichi declared</source>
        <translation>Riichi déclaré</translation>
    </message>
    <message numerus="yes">
        <source>%n warnings</source>
        <translation>
            <numerusform>%n avertissement</numerusform>
            <numerusform>%n avertissements</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n chombos</source>
        <translation>
            <numerusform>%n chombo</numerusform>
            <numerusform>%n chombos</numerusform>
        </translation>
    </message>
    <message>
        <source>DEAD HAND</source>
        <translation>MAIN MORTE</translation>
    </message>
    <message numerus="yes">
        <source>%n penalties (%1)</source>
        <translation>
            <numerusform>%n pénalité (%1)</numerusform>
            <numerusform>%n pénalités (%1)</numerusform>
        </translation>
    </message>
    <message>
        <source>DISQUALIFIED</source>
        <translation>DISQUALIFIÉ</translation>
    </message>
</context>
<context>
    <name>SeatRow</name>
    <message>
        <source>Recorded %1: %2 — really:</source>
        <translation>Enregistré %1&#xa0;: %2 — en réalité&#xa0;:</translation>
    </message>
    <message>
        <source>Player&apos;s name</source>
        <translation>Nom du joueur</translation>
    </message>
</context>
<context>
    <name>SeatingTab</name>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Table %1: %2</source>
        <translation>Table %1&#xa0;: %2</translation>
    </message>
    <message>
        <source>Seating: %1</source>
        <translation>Placement&#xa0;: %1</translation>
    </message>
    <message>
        <source>Seating</source>
        <translation>Placement</translation>
    </message>
    <message>
        <source>No tournament yet: name it and import its roster (CSV: name, optional federation_id and first_timer).</source>
        <translation>Aucun tournoi pour l’instant&#xa0;: nommez-le et importez sa liste de joueurs (CSV&#xa0;: name, et en option federation_id et first_timer).</translation>
    </message>
    <message numerus="yes">
        <source>%n player(s).</source>
        <translation>
            <numerusform>%n joueur.</numerusform>
            <numerusform>%n joueurs.</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing published yet.</source>
        <translation>Rien de publié pour l’instant.</translation>
    </message>
    <message>
        <source>Not published yet: look at it, then Publish.</source>
        <translation>Pas encore publié&#xa0;: vérifiez-le, puis Publier.</translation>
    </message>
    <message>
        <source>Left out (disqualified): %1</source>
        <translation>Écartés (disqualifiés)&#xa0;: %1</translation>
    </message>
    <message>
        <source>Session %1</source>
        <translation>Session %1</translation>
    </message>
    <message>
        <source>Made from seed %1</source>
        <translation>Établi avec la graine %1</translation>
    </message>
    <message>
        <source>By the standings</source>
        <translation>Selon le classement</translation>
    </message>
    <message>
        <source>Imported from %1</source>
        <translation>Importé de %1</translation>
    </message>
    <message>
        <source>Imported</source>
        <translation>Importé</translation>
    </message>
    <message>
        <source>Changed</source>
        <translation>Modifié</translation>
    </message>
    <message>
        <source>%1, by %2, %3</source>
        <translation>%1, par %2, %3</translation>
    </message>
    <message>
        <source>Pairs meeting more than once: %1. Most times a player sits the same wind: %2.</source>
        <translation>Paires qui se rencontrent plus d’une fois&#xa0;: %1. Nombre maximal de fois qu’un joueur a le même vent&#xa0;: %2.</translation>
    </message>
    <message>
        <source>Roster (CSV)</source>
        <translation>Liste des joueurs (CSV)</translation>
    </message>
    <message>
        <source>CSV files (*.csv *.txt)</source>
        <translation>Fichiers CSV (*.csv *.txt)</translation>
    </message>
    <message>
        <source>Name the tournament first.</source>
        <translation>Nommez d’abord le tournoi.</translation>
    </message>
    <message numerus="yes">
        <source>%n player(s) added</source>
        <translation>
            <numerusform>%n joueur ajouté</numerusform>
            <numerusform>%n joueurs ajoutés</numerusform>
        </translation>
    </message>
    <message>
        <source>%1, %2 changed, %3 already known.</source>
        <translation>%1, %2 modifié(s), %3 déjà connu(s).</translation>
    </message>
    <message>
        <source>Published: session(s) %1. The tables get it at their next sync.</source>
        <translation>Publié&#xa0;: session(s) %1. Les tables le reçoivent à leur prochaine synchronisation.</translation>
    </message>
    <message>
        <source>Players</source>
        <translation>Joueurs</translation>
    </message>
    <message>
        <source>Tournament name</source>
        <translation>Nom du tournoi</translation>
    </message>
    <message>
        <source>Import a roster (CSV)</source>
        <translation>Importer une liste de joueurs (CSV)</translation>
    </message>
    <message>
        <source>Make a plan</source>
        <translation>Établir un plan de table</translation>
    </message>
    <message>
        <source>Sessions</source>
        <translation>Sessions</translation>
    </message>
    <message>
        <source>Seed (the same seed makes the same plan)</source>
        <translation>Graine (la même graine donne le même plan)</translation>
    </message>
    <message>
        <source>Make</source>
        <translation>Établir</translation>
    </message>
    <message>
        <source>Next session by the standings</source>
        <translation>Session suivante selon le classement</translation>
    </message>
    <message>
        <source>Publish</source>
        <translation>Publier</translation>
    </message>
    <message>
        <source>Published plan</source>
        <translation>Plan publié</translation>
    </message>
</context>
<context>
    <name>SetupField</name>
    <message>
        <source>This name holds %1, a control or invisible formatting character: type the name again.</source>
        <translation>Ce nom contient %1, un caractère de contrôle ou de mise en forme invisible&#xa0;: saisissez le nom à nouveau.</translation>
    </message>
</context>
<context>
    <name>SetupView</name>
    <message>
        <source>Setup</source>
        <translation>Réglages</translation>
    </message>
    <message>
        <source>Rule set</source>
        <translation>Règlement</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>Table</translation>
    </message>
    <message>
        <source>Players</source>
        <translation>Joueurs</translation>
    </message>
    <message>
        <source>Referee and tablet</source>
        <translation>Arbitre et tablette</translation>
    </message>
    <message>
        <source>Other devices of the tournament: shared folder, fingerprints</source>
        <translation>Autres appareils du tournoi&#xa0;: dossier partagé, empreintes</translation>
    </message>
    <message>
        <source>Hand results entered at the table are confirmed by an opponent (the whole tournament)</source>
        <translation>Les résultats des mains saisis à la table sont confirmés par un adversaire (tout le tournoi)</translation>
    </message>
    <message>
        <source>No</source>
        <translation>Non</translation>
    </message>
    <message>
        <source>Yes: another player confirms</source>
        <translation>Oui&#xa0;: un autre joueur confirme</translation>
    </message>
    <message>
        <source>Save settings</source>
        <translation>Enregistrer les réglages</translation>
    </message>
    <message>
        <source>Start a hanchan</source>
        <translation>Commencer un hanchan</translation>
    </message>
    <message>
        <source>Session clock</source>
        <translation>Horloge de session</translation>
    </message>
    <message>
        <source>Roster (CSV)</source>
        <translation>Liste des joueurs (CSV)</translation>
    </message>
    <message>
        <source>CSV files (*.csv *.txt)</source>
        <translation>Fichiers CSV (*.csv *.txt)</translation>
    </message>
    <message numerus="yes">
        <source>%n player(s) imported.</source>
        <translation>
            <numerusform>%n joueur importé.</numerusform>
            <numerusform>%n joueurs importés.</numerusform>
        </translation>
    </message>
    <message>
        <source>Something changed meanwhile: check the marked fields and start again.</source>
        <translation>Quelque chose a changé entre-temps&#xa0;: vérifiez les champs signalés et recommencez.</translation>
    </message>
    <message>
        <source>This table&apos;s hanchan is not over: end it from the Results page first.</source>
        <translation>Le hanchan de cette table n’est pas terminé&#xa0;: terminez-le d’abord depuis la page Résultats.</translation>
    </message>
    <message>
        <source>Settings saved.</source>
        <translation>Réglages enregistrés.</translation>
    </message>
</context>
<context>
    <name>StandingsTexts</name>
    <message>
        <source>%1=</source>
        <translation>%1=</translation>
    </message>
    <message>
        <source>disqualified</source>
        <translation>disqualifié</translation>
    </message>
    <message numerus="yes">
        <source>missed %n hanchan(s)</source>
        <translation>
            <numerusform>a manqué %n hanchan</numerusform>
            <numerusform>a manqué %n hanchans</numerusform>
        </translation>
    </message>
    <message>
        <source>in play</source>
        <translation>en cours</translation>
    </message>
    <message>
        <source>Place</source>
        <translation>Place</translation>
    </message>
    <message>
        <source>Player</source>
        <translation>Joueur</translation>
    </message>
    <message>
        <source>Hanchans</source>
        <translation>Hanchans</translation>
    </message>
    <message>
        <source>Table points</source>
        <translation>Points à la table</translation>
    </message>
    <message>
        <source>At the table</source>
        <comment>the result at the table (score - return points), in points</comment>
        <translation>À la table</translation>
    </message>
    <message numerus="yes">
        <source>%n hanchan(s) under another rule set</source>
        <translation>
            <numerusform>%n hanchan sous un autre règlement</numerusform>
            <numerusform>%n hanchans sous un autre règlement</numerusform>
        </translation>
    </message>
    <message>
        <source>Uma</source>
        <translation>Uma</translation>
    </message>
    <message>
        <source>Oka and sticks</source>
        <translation>Oka et bâtons</translation>
    </message>
    <message>
        <source>Penalties</source>
        <translation>Pénalités</translation>
    </message>
    <message>
        <source>Carried over</source>
        <translation>Report</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Total</translation>
    </message>
    <message>
        <source>Substitute</source>
        <translation>Joueur de substitution</translation>
    </message>
    <message>
        <source>substitute for %1</source>
        <translation>remplace %1</translation>
    </message>
    <message>
        <source>A disqualified player is not listed in the ranking.</source>
        <translation>Un joueur disqualifié n’est pas listé dans le classement.</translation>
    </message>
    <message>
        <source>A disqualified player is ranked at the bottom.</source>
        <translation>Un joueur disqualifié est classé en dernier.</translation>
    </message>
    <message>
        <source>A disqualified player is placed by his total, marked.</source>
        <translation>Un joueur disqualifié est placé selon son total, signalé.</translation>
    </message>
    <message>
        <source>Equal totals share the place.</source>
        <translation>Des totaux égaux partagent la place.</translation>
    </message>
    <message>
        <source>Equal totals: the larger table points first, then the place is shared.</source>
        <translation>Totaux égaux&#xa0;: le plus de points à la table d’abord, puis la place est partagée.</translation>
    </message>
    <message>
        <source>Substitutes are listed apart, never ranked: their results never go to the absent player.</source>
        <translation>Les remplaçants sont listés à part, jamais classés&#xa0;: leurs résultats ne vont jamais au joueur absent.</translation>
    </message>
    <message>
        <source>Substitutes are not listed: their results never go to the absent player.</source>
        <translation>Les remplaçants ne sont pas listés&#xa0;: leurs résultats ne vont jamais au joueur absent.</translation>
    </message>
    <message>
        <source>amounts in points (1 point = %1 table points)</source>
        <translation>montants en points (1 point = %1 points à la table)</translation>
    </message>
    <message>
        <source>amounts in table points</source>
        <translation>montants en points à la table</translation>
    </message>
    <message>
        <source>after hanchan %1 · %2 · %3</source>
        <translation>après le hanchan %1 · %2 · %3</translation>
    </message>
    <message>
        <source>table %1 (hanchan %2)</source>
        <translation>table %1 (hanchan %2)</translation>
    </message>
    <message>
        <source>In play, counted as if it ended now: %1</source>
        <translation>En cours, compté comme s’il finissait maintenant&#xa0;: %1</translation>
    </message>
    <message>
        <source>Ranked under %1, the rule set of the tournament&apos;s first hanchan (table %2, hanchan %3).</source>
        <translation>Classement selon %1, le règlement du premier hanchan du tournoi (table %2, hanchan %3).</translation>
    </message>
    <message>
        <source>table %1 (hanchan %2, %3)</source>
        <translation>table %1 (hanchan %2, %3)</translation>
    </message>
    <message>
        <source>Played under another rule set, scored by it, counted here and marked: %1</source>
        <translation>Joué sous un autre règlement, compté selon celui-ci, inclus ici et signalé&#xa0;: %1</translation>
    </message>
</context>
<context>
    <name>StartCheck</name>
    <message>
        <source>The tournament&apos;s first hanchan chooses the rule set the whole tournament is ranked under.</source>
        <translation>Le premier hanchan du tournoi choisit le règlement selon lequel tout le tournoi est classé.</translation>
    </message>
    <message>
        <source>This tournament is ranked under %1, the rule set of its first hanchan (table %2, hanchan %3).</source>
        <translation>Ce tournoi est classé selon %1, le règlement de son premier hanchan (table %2, hanchan %3).</translation>
    </message>
    <message>
        <source>%1 is not the tournament&apos;s rule set: this hanchan is scored by %1, counted in the standings in the unit of %2 and marked there. Starting it asks for a confirmation.</source>
        <translation>%1 n’est pas le règlement du tournoi&#xa0;: ce hanchan est compté selon %1, inclus au classement dans l’unité du règlement %2 et signalé. Le commencer demande une confirmation.</translation>
    </message>
    <message>
        <source>%1 is in play at table %2 (hanchan %3 is not over).</source>
        <translation>%1 est en jeu à la table %2 (le hanchan %3 n’est pas terminé).</translation>
    </message>
</context>
<context>
    <name>StartCheckDialog</name>
    <message>
        <source>Start a hanchan</source>
        <translation>Commencer un hanchan</translation>
    </message>
    <message>
        <source>Confirm before the hanchan starts</source>
        <translation>À confirmer avant de commencer le hanchan</translation>
    </message>
    <message>
        <source>Back to Setup</source>
        <translation>Retour aux réglages</translation>
    </message>
    <message>
        <source>Start anyway</source>
        <translation>Commencer quand même</translation>
    </message>
</context>
<context>
    <name>StartProblem</name>
    <message>
        <source>refapp cannot open the table</source>
        <translation>refapp ne peut pas ouvrir la table</translation>
    </message>
    <message>
        <source>Nothing was changed. Close refapp, deal with the problem above, then start it again.</source>
        <translation>Rien n’a été modifié. Fermez refapp, réglez le problème ci-dessus, puis relancez-le.</translation>
    </message>
    <message>
        <source>Quit</source>
        <translation>Quitter</translation>
    </message>
</context>
<context>
    <name>Status</name>
    <message>
        <source>From a summary of the rule book: check its printed wording</source>
        <translation>D&apos;après un résumé du règlement&#xa0;: vérifiez sa formulation imprimée</translation>
    </message>
    <message>
        <source>Source not verified: check the printed rule book</source>
        <translation>Source non vérifiée&#xa0;: vérifiez le règlement imprimé</translation>
    </message>
    <message>
        <source>Not stated in the rule book: a reading, check the printed rule book</source>
        <translation>Non écrit dans le règlement&#xa0;: une interprétation, vérifiez le règlement imprimé</translation>
    </message>
</context>
<context>
    <name>TableSection</name>
    <message>
        <source>Tournament</source>
        <translation>Tournoi</translation>
    </message>
    <message>
        <source>Its name, as on the programme</source>
        <translation>Son nom, comme sur le programme</translation>
    </message>
    <message>
        <source>Table number</source>
        <translation>Numéro de table</translation>
    </message>
    <message>
        <source>Session</source>
        <translation>Session</translation>
    </message>
    <message>
        <source>Hanchan number</source>
        <translation>Numéro du hanchan</translation>
    </message>
    <message>
        <source>Warnings may count per session</source>
        <translation>Les avertissements peuvent compter par session</translation>
    </message>
    <message>
        <source>Enter the tournament&apos;s name.</source>
        <translation>Saisissez le nom du tournoi.</translation>
    </message>
</context>
<context>
    <name>TableStatus</name>
    <message>
        <source>Table %1 is in conflict: two devices wrote it after the same entry. The head referee settles it (Tables → Conflicts); until then this board shows one of the two branches.</source>
        <translation>La table %1 est en conflit&#xa0;: deux appareils l&apos;ont tenue après la même saisie. L&apos;arbitre principal tranche (Tables → Conflits)&#xa0;; d&apos;ici là, ce plateau montre l&apos;une des deux branches.</translation>
    </message>
    <message>
        <source>See the conflict</source>
        <translation>Voir le conflit</translation>
    </message>
    <message>
        <source>Table %1 is written by another device (%2): nothing can be recorded here.</source>
        <translation>La table %1 est tenue par un autre appareil (%2)&#xa0;: rien ne peut être saisi ici.</translation>
    </message>
    <message>
        <source>Take over (referee PIN)</source>
        <translation>Reprendre (code de l&apos;arbitre)</translation>
    </message>
</context>
<context>
    <name>TableTile</name>
    <message>
        <source>Table %1</source>
        <translation>Table %1</translation>
    </message>
    <message>
        <source>Referee called at %1</source>
        <translation>Arbitre appelé à %1</translation>
    </message>
    <message>
        <source>Nothing recorded yet</source>
        <translation>Rien d’enregistré pour l’instant</translation>
    </message>
    <message>
        <source>Hanchan %1 over</source>
        <translation>Hanchan %1 terminé</translation>
    </message>
    <message>
        <source>Hanchan %1, %2</source>
        <translation>Hanchan %1, %2</translation>
    </message>
    <message>
        <source>Last entry %1</source>
        <translation>Dernière saisie %1</translation>
    </message>
    <message>
        <source>Result not confirmed (%1)</source>
        <translation>Résultat non confirmé (%1)</translation>
    </message>
    <message>
        <source>In conflict</source>
        <translation>En conflit</translation>
    </message>
    <message>
        <source>Finished</source>
        <translation>Terminée</translation>
    </message>
    <message>
        <source>On the board</source>
        <translation>Sur le plateau</translation>
    </message>
    <message>
        <source>Written on this device</source>
        <translation>Tenue sur cet appareil</translation>
    </message>
    <message>
        <source>Written by %1 · synced %2</source>
        <translation>Tenue par %1 · synchronisée %2</translation>
    </message>
    <message>
        <source>Written by %1 · never synced</source>
        <translation>Tenue par %1 · jamais synchronisée</translation>
    </message>
</context>
<context>
    <name>TablesTab</name>
    <message numerus="yes">
        <source>%n table(s)</source>
        <translation>
            <numerusform>%n table</numerusform>
            <numerusform>%n tables</numerusform>
        </translation>
    </message>
    <message>
        <source>No table is set up yet (Setup).</source>
        <translation>Aucune table n&apos;est encore installée (Réglages).</translation>
    </message>
    <message numerus="yes">
        <source>%n in play</source>
        <translation>
            <numerusform>%n en cours</numerusform>
            <numerusform>%n en cours</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n finished</source>
        <translation>
            <numerusform>%n terminée</numerusform>
            <numerusform>%n terminées</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n with nothing recorded yet</source>
        <translation>
            <numerusform>%n sans rien d’enregistré</numerusform>
            <numerusform>%n sans rien d’enregistré</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1&#xa0;: %2</translation>
    </message>
    <message numerus="yes">
        <source>%n table(s) calling the referee: %1</source>
        <translation>
            <numerusform>%n table appelle l’arbitre&#xa0;: %1</numerusform>
            <numerusform>%n tables appellent l’arbitre&#xa0;: %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n table(s) in conflict: see Conflicts</source>
        <translation>
            <numerusform>%n table en conflit&#xa0;: voir Conflits</numerusform>
            <numerusform>%n tables en conflit&#xa0;: voir Conflits</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n device key(s) used by two devices: see Conflicts</source>
        <translation>
            <numerusform>%n clé d&apos;appareil utilisée par deux appareils&#xa0;: voir Conflits</numerusform>
            <numerusform>%n clés d&apos;appareil utilisées par deux appareils&#xa0;: voir Conflits</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n event(s) held from devices not trusted: see Devices</source>
        <translation>
            <numerusform>%n événement en attente d&apos;appareils non approuvés&#xa0;: voir Appareils</numerusform>
            <numerusform>%n événements en attente d&apos;appareils non approuvés&#xa0;: voir Appareils</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TabletSection</name>
    <message>
        <source>Referee&apos;s name</source>
        <translation>Nom de l’arbitre</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>Langue</translation>
    </message>
    <message>
        <source>Theme</source>
        <translation>Thème</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>Clair</translation>
    </message>
    <message>
        <source>Dark, high contrast</source>
        <translation>Sombre, contraste élevé</translation>
    </message>
</context>
<context>
    <name>ThisDeviceTab</name>
    <message>
        <source>The shared folder</source>
        <translation>Le dossier partagé</translation>
    </message>
    <message>
        <source>This device&apos;s fingerprint: the head referee compares it word for word.</source>
        <translation>L&apos;empreinte de cet appareil&#xa0;: l&apos;arbitre principal la compare mot pour mot.</translation>
    </message>
    <message>
        <source>Shared folder</source>
        <translation>Dossier partagé</translation>
    </message>
    <message>
        <source>Choose the shared folder (USB stick, network share, Syncthing folder)</source>
        <translation>Choisir le dossier partagé (clé USB, partage réseau, dossier Syncthing)</translation>
    </message>
    <message>
        <source>Sync automatically</source>
        <translation>Synchroniser automatiquement</translation>
    </message>
    <message>
        <source>After each entry, when the folder changes, and every 30 seconds.</source>
        <translation>Après chaque saisie, quand le dossier change, et toutes les 30 secondes.</translation>
    </message>
    <message>
        <source>Sync now</source>
        <translation>Synchroniser maintenant</translation>
    </message>
    <message>
        <source>None: this device syncs with no other.</source>
        <translation>Aucun&#xa0;: cet appareil ne se synchronise avec aucun autre.</translation>
    </message>
    <message>
        <source>Not synced: %1</source>
        <translation>Non synchronisé&#xa0;: %1</translation>
    </message>
    <message>
        <source>Not synced since refapp started.</source>
        <translation>Pas de synchronisation depuis le démarrage de refapp.</translation>
    </message>
    <message numerus="yes">
        <source>Synced at %1: %n event(s) of this device written</source>
        <translation>
            <numerusform>Synchronisé à %1&#xa0;: %n événement de cet appareil écrit</numerusform>
            <numerusform>Synchronisé à %1&#xa0;: %n événements de cet appareil écrits</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 (%2): %n merged</source>
        <translation>
            <numerusform>%1 (%2)&#xa0;: %n fusionné</numerusform>
            <numerusform>%1 (%2)&#xa0;: %n fusionnés</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n held</source>
        <translation>
            <numerusform>%n en attente</numerusform>
            <numerusform>%n en attente</numerusform>
        </translation>
    </message>
    <message>
        <source>refused: %1</source>
        <translation>refusé&#xa0;: %1</translation>
    </message>
    <message>
        <source>In conflict: %1</source>
        <translation>En conflit&#xa0;: %1</translation>
    </message>
</context>
<context>
    <name>Tile</name>
    <message>
        <source>East wind</source>
        <translation>Vent d’Est</translation>
    </message>
    <message>
        <source>South wind</source>
        <translation>Vent du Sud</translation>
    </message>
    <message>
        <source>West wind</source>
        <translation>Vent d’Ouest</translation>
    </message>
    <message>
        <source>North wind</source>
        <translation>Vent du Nord</translation>
    </message>
    <message>
        <source>White dragon</source>
        <translation>Dragon blanc</translation>
    </message>
    <message>
        <source>Green dragon</source>
        <translation>Dragon vert</translation>
    </message>
    <message>
        <source>Red dragon</source>
        <translation>Dragon rouge</translation>
    </message>
    <message>
        <source>Tile back</source>
        <translation>Dos de tuile</translation>
    </message>
    <message>
        <source>Red 5 man</source>
        <translation>5 man rouge</translation>
    </message>
    <message>
        <source>Red 5 pin</source>
        <translation>5 pin rouge</translation>
    </message>
    <message>
        <source>Red 5 sou</source>
        <translation>5 sou rouge</translation>
    </message>
    <message>
        <source>%1 man</source>
        <translation>%1 man</translation>
    </message>
    <message>
        <source>%1 pin</source>
        <translation>%1 pin</translation>
    </message>
    <message>
        <source>%1 sou</source>
        <translation>%1 sou</translation>
    </message>
</context>
<context>
    <name>TilePicker</name>
    <message>
        <source>Hand</source>
        <translation>Main</translation>
    </message>
    <message>
        <source>Chi</source>
        <translation>Chow</translation>
    </message>
    <message>
        <source>Pon</source>
        <translation>Pung</translation>
    </message>
    <message>
        <source>Open kan</source>
        <translation>Kong ouvert</translation>
    </message>
    <message>
        <source>Concealed kan</source>
        <translation>Kong caché</translation>
    </message>
    <message>
        <source>Drawn</source>
        <translation>Piochée</translation>
    </message>
    <message>
        <source>Kan of</source>
        <translation>Kong de</translation>
    </message>
    <message>
        <source>Ron on</source>
        <translation>Ron sur</translation>
    </message>
    <message>
        <source>Tsumo on</source>
        <translation>Tsumo sur</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>Effacer</translation>
    </message>
    <message>
        <source>Tap the tiles below to build the hand.</source>
        <translation>Touchez les tuiles ci-dessous pour composer la main.</translation>
    </message>
    <message>
        <source>Tap to take this set back</source>
        <translation>Touchez pour retirer ce groupe</translation>
    </message>
    <message>
        <source>Tiles: %1</source>
        <translation>Tuiles&#xa0;: %1</translation>
    </message>
    <message>
        <source>%1 — chi: tap the three tiles of the run.</source>
        <translation>%1 — chow&#xa0;: touchez les trois tuiles de la suite.</translation>
    </message>
    <message>
        <source>pon</source>
        <translation>pung</translation>
    </message>
    <message>
        <source>open kan</source>
        <translation>kong ouvert</translation>
    </message>
    <message>
        <source>concealed kan</source>
        <translation>kong caché</translation>
    </message>
    <message>
        <source>%1 — %2: tap the tile.</source>
        <translation>%1 — %2&#xa0;: touchez la tuile.</translation>
    </message>
    <message>
        <source>Tiles: 0</source>
        <translation>Tuiles&#xa0;: 0</translation>
    </message>
    <message>
        <source>%1 — tap a tile of the hand to take it back.</source>
        <translation>%1 — touchez une tuile de la main pour la retirer.</translation>
    </message>
</context>
<context>
    <name>TournamentStandings</name>
    <message>
        <source>Not in the ranking</source>
        <translation>Hors classement</translation>
    </message>
    <message>
        <source>Substitutes (never ranked)</source>
        <translation>Remplaçants (jamais classés)</translation>
    </message>
    <message>
        <source>Totals over the tournament</source>
        <translation>Totaux au fil du tournoi</translation>
    </message>
    <message>
        <source>Working out the standings…</source>
        <translation>Calcul du classement…</translation>
    </message>
    <message>
        <source>Standings of %1</source>
        <translation>Classement de %1</translation>
    </message>
    <message>
        <source>Tournament standings</source>
        <translation>Classement du tournoi</translation>
    </message>
    <message>
        <source>No hanchan has been started in this tournament yet.</source>
        <translation>Aucun hanchan n’a encore commencé dans ce tournoi.</translation>
    </message>
    <message>
        <source>No tournament yet: set up a table first.</source>
        <translation>Aucun tournoi pour l’instant&#xa0;: configurez d’abord une table.</translation>
    </message>
    <message>
        <source>The first four</source>
        <translation>Les quatre premiers</translation>
    </message>
</context>
<context>
    <name>TrustDialog</name>
    <message>
        <source>Trust this device?</source>
        <translation>Faire confiance à cet appareil&#xa0;?</translation>
    </message>
    <message>
        <source>Compare it word for word with the fingerprint on the device&apos;s own screen.</source>
        <translation>Comparez-la mot pour mot avec l&apos;empreinte affichée sur l&apos;écran de l&apos;appareil.</translation>
    </message>
    <message>
        <source>its fingerprint: five words and three digits</source>
        <translation>son empreinte&#xa0;: cinq mots et trois chiffres</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <source>A table&apos;s or a referee&apos;s tablet</source>
        <translation>La tablette d&apos;une table ou d&apos;un arbitre</translation>
    </message>
    <message>
        <source>The head referee&apos;s device</source>
        <translation>L&apos;appareil de l&apos;arbitre principal</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Annuler</translation>
    </message>
    <message>
        <source>Trust it</source>
        <translation>Faire confiance</translation>
    </message>
</context>
<context>
    <name>UndoDialog</name>
    <message>
        <source>Undo</source>
        <translation>Défaire</translation>
    </message>
    <message>
        <source>Undo the last entry?</source>
        <translation>Défaire la dernière saisie&#xa0;?</translation>
    </message>
    <message>
        <source>Take back the table&apos;s last entry?</source>
        <translation>Reprendre la dernière saisie de la table&#xa0;?</translation>
    </message>
    <message>
        <source>It is kept in the history as undone; the board goes back to before it.</source>
        <translation>Elle reste dans l’historique comme défaite&#xa0;; le plateau revient à l’état d’avant.</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Motif</translation>
    </message>
    <message>
        <source>Entered by mistake</source>
        <translation>Saisie par erreur</translation>
    </message>
    <message>
        <source>Wrong seat</source>
        <translation>Mauvaise place</translation>
    </message>
    <message>
        <source>Wrong value</source>
        <translation>Mauvaise valeur</translation>
    </message>
    <message>
        <source>Ruling revised</source>
        <translation>Décision révisée</translation>
    </message>
    <message>
        <source>Keep it</source>
        <translation>La garder</translation>
    </message>
    <message>
        <source>Undo it</source>
        <translation>La défaire</translation>
    </message>
</context>
<context>
    <name>ValueEditor</name>
    <message>
        <source>Han + fu</source>
        <translation>Han + fu</translation>
    </message>
    <message>
        <source>Limit</source>
        <translation>Limite</translation>
    </message>
    <message>
        <source>Points</source>
        <translation>Points</translation>
    </message>
    <message>
        <source>%1&apos;s hand: choose the limit.</source>
        <translation>Main de %1&#xa0;: choisissez la limite.</translation>
    </message>
    <message>
        <source>%1&apos;s hand: set the points.</source>
        <translation>Main de %1&#xa0;: indiquez les points.</translation>
    </message>
    <message>
        <source>%1&apos;s hand: set what the dealer pays.</source>
        <translation>Main de %1&#xa0;: indiquez ce que paie le donneur.</translation>
    </message>
    <message>
        <source>%1&apos;s hand: set the han and fu (or a limit, or points).</source>
        <translation>Main de %1&#xa0;: indiquez les han et les fu (ou une limite, ou des points).</translation>
    </message>
    <message>
        <source>%1&apos;s hand: choose the fu.</source>
        <translation>Main de %1&#xa0;: choisissez les fu.</translation>
    </message>
    <message>
        <source>%1&apos;s hand: 1 han %2 fu does not exist (1 han needs 30 fu or more).</source>
        <translation>Main de %1&#xa0;: 1 han %2 fu n’existe pas (1 han demande 30 fu ou plus).</translation>
    </message>
    <message>
        <source>%1&apos;s hand: tap the liable player (or take Liability back).</source>
        <translation>Main de %1&#xa0;: touchez le joueur responsable (ou retirez la responsabilité).</translation>
    </message>
    <message>
        <source>%1&apos;s hand: choose the hand the liable player is liable for.</source>
        <translation>Main de %1&#xa0;: choisissez la main dont le joueur est responsable.</translation>
    </message>
    <message>
        <source>%1&apos;s hand: %2 is a yakuman: enter it as Limit → Yakuman.</source>
        <translation>Main de %1&#xa0;: %2 est un yakuman&#xa0;: saisissez Limite → Yakuman.</translation>
    </message>
    <message>
        <source>Value of %1&apos;s hand</source>
        <translation>Valeur de la main de %1</translation>
    </message>
    <message>
        <source>Han</source>
        <translation>Han</translation>
    </message>
    <message>
        <source>Fu</source>
        <translation>Fu</translation>
    </message>
    <message>
        <source>Yakuman multiple</source>
        <translation>Multiple de yakuman</translation>
    </message>
    <message>
        <source>Each non-dealer pays</source>
        <translation>Chaque non-donneur paie</translation>
    </message>
    <message>
        <source>The discarder pays</source>
        <translation>Le joueur ayant écarté paie</translation>
    </message>
    <message>
        <source>The dealer pays</source>
        <translation>Le donneur paie</translation>
    </message>
    <message>
        <source>Liability (pao)</source>
        <translation>Responsabilité (pao)</translation>
    </message>
    <message>
        <source>From the hand check: dora are not counted.</source>
        <translation>D’après la vérification de la main&#xa0;: dora non comptés.</translation>
    </message>
    <message>
        <source>Liable for</source>
        <translation>Responsable pour</translation>
    </message>
</context>
<context>
    <name>Venue</name>
    <message>
        <source>No shared folder: this device syncs with no other.</source>
        <translation>Pas de dossier partagé&#xa0;: cet appareil ne se synchronise avec aucun autre.</translation>
    </message>
    <message>
        <source>Syncing…</source>
        <translation>Synchronisation…</translation>
    </message>
    <message>
        <source>Syncing: %1 of %2 devices read, %3 events merged</source>
        <translation>Synchronisation&#xa0;: %1 appareils lus sur %2, %3 événements fusionnés</translation>
    </message>
    <message>
        <source>Not synced: %1</source>
        <translation>Non synchronisé&#xa0;: %1</translation>
    </message>
    <message>
        <source>Not synced yet since refapp started</source>
        <translation>Pas encore synchronisé depuis le démarrage de refapp</translation>
    </message>
    <message>
        <source>Synced %1</source>
        <translation>Synchronisé %1</translation>
    </message>
    <message>
        <source>this device</source>
        <translation>cet appareil</translation>
    </message>
    <message>
        <source>trusted</source>
        <translation>approuvé</translation>
    </message>
    <message>
        <source>trusted as the head referee&apos;s device</source>
        <translation>approuvé comme appareil de l&apos;arbitre principal</translation>
    </message>
    <message>
        <source>not trusted: its events are held</source>
        <translation>non approuvé&#xa0;: ses événements sont en attente</translation>
    </message>
    <message>
        <source>no longer trusted</source>
        <translation>n&apos;est plus approuvé</translation>
    </message>
    <message>
        <source>uses the key of another device: see Conflicts</source>
        <translation>utilise la clé d&apos;un autre appareil&#xa0;: voir Conflits</translation>
    </message>
</context>
<context>
    <name>VenuePage</name>
    <message>
        <source>Tables</source>
        <translation>Tables</translation>
    </message>
    <message>
        <source>Players</source>
        <translation>Joueurs</translation>
    </message>
    <message>
        <source>Seating</source>
        <translation>Placement</translation>
    </message>
    <message>
        <source>Conflicts</source>
        <translation>Conflits</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>Appareils</translation>
    </message>
    <message>
        <source>This device</source>
        <translation>Cet appareil</translation>
    </message>
</context>
<context>
    <name>VenueWords</name>
    <message numerus="yes">
        <source>%n event(s) held</source>
        <translation>
            <numerusform>%n événement en attente</numerusform>
            <numerusform>%n événements en attente</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Wind</name>
    <message>
        <source>East</source>
        <translation>Est</translation>
    </message>
    <message>
        <source>South</source>
        <translation>Sud</translation>
    </message>
    <message>
        <source>West</source>
        <translation>Ouest</translation>
    </message>
    <message>
        <source>North</source>
        <translation>Nord</translation>
    </message>
</context>
</TS>
