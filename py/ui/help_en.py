""""Rules and help" in English: the same sections as ``help_ru``, with the same keys and order."""

SECTIONS = (
    ("play", "How to play", """
<p>You are South, at the bottom of the table. Your partner is North, opposite you; together
you are the team "Us". West and East are "Them". The computer plays North, West and East.</p>
<ol>
<li><b>Start.</b> Press «Deal»: every player gets 13 cards. Before the first deal you may
choose in «Settings» how long the game is (to 250 or to 500 points) and how strong the
opponents are, and at any time the pace, a four-colour deck (♦ blue, ♣ green), large cards and
the table's colour; the ♪ button at the top turns the sound on or off. A click on the table
skips an animation.</li>
<li><b>Bid.</b> When your turn comes, choose how many tricks you will take: 0 to 13. The
«Hint: N» button makes the bid the game suggests, and the line below it says why, e.g.
"♠A ♥A — sure tricks". A beginner can safely follow the hint.</li>
<li><b>A trick.</b> Each player in turn plays one card. Cards you may not play now are
dimmed; click one and the line at the bottom of the page says why. The first click raises a
card, the second plays it (or press «Play»). The «Hint» button raises the card the game
suggests and says why. With the keyboard: Tab to your cards, the ← → arrows choose a card,
Enter plays it.</li>
<li><b>Scoring.</b> After the thirteenth trick the game scores both teams. The «Score»
button shows the sheet, hand by hand (see "Scoring").</li>
<li><b>The end.</b> Hands follow one another until a team reaches 250 (or 500) points or
falls below −200. Then press «New game».</li>
</ol>
"""),
    ("rules", "Rules", """
<h3>Deck and seats</h3>
<p>A standard deck of 52 cards, no jokers (jokers are a house rule: see "Other rules"). In each suit the ace is high, then king, queen,
jack, 10, 9 … 2. Four players sit clockwise: South (you), West, North, East. Partners sit
opposite each other: South and North against West and East.</p>
<h3>The dealer</h3>
<p>East deals the first hand of a game, so South bids first and leads first. The deal moves
one seat clockwise every hand: South deals the second, West the third, and so on. The bidding
and the first lead always start with the player to the dealer's left.</p>
<h3>Bidding</h3>
<p>Each player bids once, in turn, a number of tricks from 0 to 13. A bid cannot be changed.
The partners' bids add up to the team's <b>contract</b>. There is no minimum bid, and the four
bids together may come to more or less than 13.</p>
<p><b>Nil</b> (a bid of 0) is a promise to take no trick at all. It is scored apart from the
contract: +100 or −100. If both partners bid Nil, the team's contract is zero.</p>
<p><b>Blind Nil</b> is a Nil declared before looking at your cards; it is worth ±200. It is
allowed only when it is switched on in «Settings» (off by default; a change applies from the
next game) and your team trails the other by 100 points or more. Then, before your cards are
shown, the game offers a choice: «Blind Nil» or «Look at my cards». The computers follow the
same rule.</p>
<h3>Play</h3>
<p>The player to the dealer's left leads; the others play one card each, clockwise.
<b>Follow suit:</b> if you hold a card of the suit that was led, you must play one. If you have
none, you may play any card, a spade included.</p>
<p><b>Spades are always trumps.</b> A spade may not be led until spades are "broken", that is
until someone has played a spade in this hand, to trump or as a discard. The exception: the
leader holds nothing but spades.</p>
<p><b>Who wins the trick:</b> the highest spade if the trick holds a spade, otherwise the
highest card of the suit led. A card of another suit (not a spade) never wins. The winner
leads the next trick. A hand is 13 tricks.</p>
"""),
    ("scoring", "Scoring", """
<p>The «Score» sheet has six rows per team for every hand:</p>
<ol>
<li><b>Contract</b>: the team took at least as many tricks as it bid — +10 for each trick bid;
fewer — −10 for each trick bid.</li>
<li><b>Bags</b>: each trick over the contract — +1 point and one bag into the team's
bank.</li>
<li><b>Nil</b>: a Nil made +100, failed −100; a Blind Nil +200 or −200.</li>
<li><b>Bag penalty</b>: as soon as the bank holds 10 bags, the team loses 100 points and 10
bags leave the bank; the rest stay. The penalty can be switched off in «Settings»: bags still
score +1 each and pile up, without a penalty.</li>
<li><b>Hand total</b>: the sum of the four rows above.</li>
<li><b>Score</b>: the game's running score after this hand.</li>
</ol>
<p>Tricks taken by a player who bid Nil never count toward the partner's contract: that Nil
fails, and each of those tricks is a bag (+1 point and a bag into the bank).</p>
<h3>Example</h3>
<p>The first hand of game #21, dealt by East. South bids 4, North 3: the contract of "Us" is
7. West bids 2, East 3: the contract of "Them" is 5. South takes 5 tricks and North 3, 8
together: one more than the contract. West takes 3 and East 2: exactly 5.</p>
<!--example-->
<p>"Us": contract made, +70; one trick over, +1 and one bag in the bank; hand total +71.
"Them": contract made, +50. Nobody has reached 250 or fallen below −200, so a second hand is
played: South deals and West bids first. Open game #21 (the page's address with
<code>?game=21</code>) and the first hand gives you the same cards.</p>
<h3>Three more cases</h3>
<ul>
<li>North bids Nil and takes no trick; South bids 4 and takes 5: +40 for the contract, +1 for
the bag, +100 for the Nil — total +141.</li>
<li>The same, but North takes 2 tricks and South 4: +40 for South's contract, +2 for bags
(North's tricks), −100 for the failed Nil — total −58.</li>
<li>The bank holds 7 bags; the partners bid 3 and 3 and take 9 tricks: +60, +3 for bags; the
bank reaches 10 — penalty −100, the bank is empty. Hand total −37.</li>
</ul>
"""),
    ("end", "How long a game lasts", """
<p>A quick game is played to <b>250</b> points: usually 5–6 hands, about ten minutes. A normal
game goes to <b>500</b> and lasts about twice as long. Choose in «Settings» before the first
deal; a later change applies from the next game.</p>
<ul>
<li>After each hand the game ends when a team has reached the target (250 or 500 points or
more) or its score has fallen below −200 (that is, −201 or less). The higher score wins — also
when both teams reach the target in the same hand.</li>
<li>If the scores are equal at that moment, the game goes on.</li>
<li>After the 30th hand the game ends in any case: the higher score wins, equal scores are a
draw.</li>
</ul>
"""),
    ("tips", "Tips", """
<h3>Bidding</h3>
<ul>
<li>Count sure tricks: aces, kings with two or three cards of their suit, high spades.</li>
<li>A void or a single card in a suit, with three or four spades, is a chance to trump.</li>
<li>Long spades (five or more) nearly always bring extra tricks: the small ones become winners
once the opponents' trumps are gone.</li>
<li>Mind the bids at the table: when 12–13 are already bid, someone will fall short — bid
carefully.</li>
<li>Nil suits a hand without aces or kings, with two or three small spades and low cards in
every suit. The ace of spades rules out Nil: it always wins a trick.</li>
<li>Blind Nil is a trailing team's gamble: ±200 unseen. The hint offers it only when the team
trails by 200 or more, or the opponents are close to winning.</li>
</ul>
<h3>Play</h3>
<ul>
<li><b>Cover your partner's Nil.</b> Play high so that you, not your partner, win the trick;
lead suits you are strong in, and take the tricks that would fall to your partner's high
cards.</li>
<li><b>Your own Nil:</b> drop your high cards when the trick is already someone else's, lead
low, keep your spades small as long as you can.</li>
<li><b>Avoid bags.</b> Once the team's contract is made, take no more: shed high cards into
other players' tricks. But not at the contract's cost — failing it costs more than one
bag.</li>
<li>Don't overtake your partner: if their card already wins the trick, play low.</li>
<li>Second hand low, third hand high.</li>
<li>Remember who could not follow suit: they are void and can trump it.</li>
<li>To break an opponent's Nil, lead low cards and don't beat their card — let them win
the trick.</li>
</ul>
"""),
    ("variants", "Other rules and other games", """
<h3>House rules you can turn on</h3>
<p>Each is in the Settings and applies from the next game; all are off to begin with. The top
bar of the table says which are in force. The computer players, the hints and the analysis
play by the same rules.</p>
<ul>
<li><b>A team minimum of 4.</b> The second partner to bid brings the team to 4 tricks or more:
after a partner's 1, only 3 and up are offered. A Nil is aside: a team with a Nil has no
minimum, and two Nils are allowed.</li>
<li><b>A bonus for all 13 tricks (200 or 500).</b> A team that bids 13 together and takes all
thirteen scores the bonus instead of 130; set, it loses it. The score sheet gives the bonus a
row of its own.</li>
<li><b>Jokers.</b> The big (BJ) and the little (LJ) joker join the deck and 2♥ and 2♦ leave it,
so everyone still holds 13. The big joker beats the little one, which beats the ace of spades.
A joker is a spade in every way: it must follow a spade lead when you have no other spade; it
may trump another suit, which breaks spades; it may not be led before spades are broken
(unless you hold only spades). A joker is nearly always a sure trick, and is counted so.</li>
<li><b>A failed Nil's tricks count for the partner.</b> The tricks of a broken Nil count toward
the partner's contract; any beyond it are bags. The Nil itself is still lost, but a broken Nil
costs less.</li>
<li><b>Five bags per penalty.</b> Every 5 bags cost 50 points (instead of 100 for every 10). It is chosen only while the bag
penalty is on.</li>
<li><b>Nil worth 50 or 200.</b> A Nil that holds scores this much and a Nil that fails loses as
much; a Blind Nil, twice as much. At 50, for example, a Nil broken by a single trick costs the
team 50 instead of 100, so it is a cheaper risk; at 200 it is worth more than a bid of 10. Some
circles play it so (a variation from the Spades rules on pagat.com).</li>
<li><b>Spades may be led from the first trick.</b> Spades need not be broken: a spade may be led
at any time, the first trick included. With the ace, king and queen of spades, for example, you
may lead the ace at once and draw the others' spades before they can trump. A variation from
the Spades rules on pagat.com.</li>
<li><b>10 tricks for 200 points.</b> A team that bids 10 tricks or more together and makes it
scores double: 20 points for every trick bid. Bids of 6 + 4 and 11 tricks taken, for example,
score 200 + 1 = 201 instead of 101. A set costs as usual. A variation from the Spades rules on
pagat.com.</li>
<li><b>Set penalty: 10 more for every trick short.</b> A team that falls short loses 10 points
for every trick it bid and 10 more for every trick it missed by. A bid of 7 with 5 taken, for
example, costs −70 − 20 = −90 instead of −70. A variation from the Spades rules on
pagat.com.</li>
<li><b>Blind bids: 6 or more, for double.</b> When your team is 100 points or more behind, you
may bid 6 tricks or more blind, before looking at your cards. The team's contract then counts
double, made or set: a blind 6 with the partner's 2, for example, scores +160 with 8 tricks
taken and −160 with 7. Not at two, where the draw shows the cards. A variation from the Spades
rules on pagat.com.</li>
<li><b>The 2♣ leads the first trick.</b> The bidding is as usual, but the first trick of each
hand is led by whoever holds the two of clubs, with that card (at three, where the two is put
aside, with the three of clubs). A hand without clubs may play anything to it but a spade,
unless it holds nothing else: without clubs and with ♠A ♥5, for example, the ♥5 goes. Not at
two: the draw may discard the lowest club. A variation from the Spades rules on pagat.com.</li>
<li><b>Deuces high.</b> 2♦ and 2♠ are the top trumps: 2♦ beats 2♠, and 2♠ beats the ace of
spades. The two of diamonds is a spade in every way: it does not count as a diamond when diamonds are
led, it follows a spade lead and trumps like any spade, and your hand shows it first among the
spades.
The deck then holds 14 spades and 12 diamonds. With the jokers the order is big joker, little
joker, 2♦, 2♠, A♠, and 2♥ and 2♣ leave the deck (at three, where the 2♣ is put aside, the
jokers and the deuces high do not play together). Your 2♦ on an opponent's A♠, for example,
wins the trick. A variation from the Spades rules on pagat.com.</li>
</ul>
<h3>Bidding: Mirror, Whiz, Suicide</h3>
<p>Three partnership games as the MSN Gaming Zone's Spades knew them, chosen in the settings
("Bidding"). The scoring is the usual one. The team minimum has no place in them: the rule
already fixes the bids.</p>
<ul>
<li><b>Mirror.</b> Everyone's bid is the number of spades in their hand, made for them: the bid
panel shows one button. With ♠A ♠9 ♠4, for example, the bid is 3. A hand without spades bids
Nil; there is no Blind Nil.</li>
<li><b>Whiz.</b> You may bid only Nil or exactly as many as the spades you hold. With five
spades, for example, Nil or 5 and nothing else; with none, only Nil.</li>
<li><b>Suicide.</b> In each team one partner bids Nil and the other 4 or more. The partner who
bids first chooses: a bid of 4 or more makes the other bid Nil; a Nil makes the other bid 4 or
more. A Blind Nil (when it is on) counts as a Nil.</li>
</ul>
<h3>The rest are mine</h3>
<p>When you are to lead and every remaining trick is yours however the other hands lie, a "The
rest are mine" button appears beside "Play": the remaining tricks are played out at once. It
is offered only when what you have seen proves it: you hold ♠A ♠K and ♥A, say, and every other
spade is gone. Without that certainty there is no button. The computers claim the rest by the
same rule, and the status line says so (not in the deal of the day: there every card is played).
In the game's record they are plain plays.</p>
<h3>Play the hand again</h3>
<p>In a hand's summary this button takes the game back to the start of the hand just played:
the same cards for everyone, bidding from the start. You can see what a different bid would
have done: the same hand bid 4 instead of Nil, say. The statistics count only the hand's first
play (the game's record keeps it) and mark the game as one with a move taken back; no Blind Nil
is offered on cards already seen. Once the game is over its result stands.</p>
<p>A team that takes all 13 tricks has made a "Boston": the hand's summary and the score sheet
name it under any rules.</p>
<h3>Deal of the day</h3>
<p>The "Deal of the day" button at the top deals today's hand: one hand, the same for everyone
who plays that day. The day is your device's date (in another time zone it may begin earlier or
later). You sit South, your partner and the opponents play at the strong level, the rules are
the usual ones, two against two. Your game is not lost: it stays saved and comes back with "Back
to the game".</p>
<p>The par is what your team would have scored with the strong computer in your seat: the same
cards, the same partner and opponents. It is worked out while you play. After the hand you see
your score, the par and the difference, and below them where your bid and cards departed from
what the computer would have chosen in your seat, and what each cost on average, as in the hand
analysis: "Bid 3 instead of 1 — −43 points on average", say. Play every card as it would, and
your score is the par.</p>
<p>The first play of the day counts, without the hint, the bid preview or undo; leave it before
its end and it goes on from there, but it must be finished on its day. You may play it
again (or another day's deal from a link) as practice: everything helps then, and it is not
recorded. The statistics keep the days played, how many at par or better, the streak of days in
a row and the best result against par; they are saved to and loaded from a file with the rest.
"Share" copies the date, your score, the par and a line of the tricks in order (■ yours, □ the
opponents'), naming no card, and a link to the deal.</p>
<h3>Other tables</h3>
<p>In the settings, under "Table", you choose who plays; a new table starts with the next
game.</p>
<ul>
<li><b>Four, two against two</b>: the usual game described above.</li>
<li><b>Two, with the draw.</b> You play one opponent, who sits across the table in North's
seat. The cards are not dealt: two players usually draw them, taking turns at the stock and
keeping 13 each. The one who bids first draws first. On a turn the player looks at the top
card of the stock and either keeps it (then sees the next card and discards it) or discards
it and must take the next. After 26 turns each holds 13 cards; the 26 discards are out of the
hand, and nobody sees the other's. Then the bids (0 to 13, or Nil) and 13 tricks of two
cards; spades must be broken as usual. Each scores alone: the bid ×10, bags and their
penalty, Nil ±100. For example: you turn up ♠K and keep it, and the next card, ♦4, is
discarded. There is no Blind Nil for two: you see your cards as you draw them.</li>
<li><b>Four, each for themselves</b> (Cutthroat). The deal is the usual 13 cards each, but
there are no partners: everyone bids and scores alone. The winner is the one with the highest
score when someone reaches the target (or falls below −200); while the leaders are level, the
game goes on.</li>
<li><b>Three, each for themselves.</b> The 2♣ is put aside and the other 51 cards are dealt,
17 each; a hand is 17 tricks of three cards, and bids go from 0 to 17. South, West and East
play.</li>
</ul>
<p>House rules at these tables: the team's minimum and "a failed Nil's tricks count for the
partner" are about a team, and are not available when each plays alone. The jokers, bags by
5, the Nil's value and spades led at any time work as usual. The bonus for all the tricks goes
to a player who bids every trick of the hand (13; 17 for three) and takes them. Blind Nil (when
on) may be bid when you trail the leader by 100 points or more.</p>
<p>Hints, the hand's analysis and the statistics work at every table; the statistics also
count wins by table.</p>
<h3>House rules this game does not use</h3>
<ul>
<li><b>Passing cards after a Nil</b> between partners is not done here.</li>
</ul>
<h3>How Spades differs from Hearts</h3>
<p>In Hearts everyone plays alone, there is no bidding and no trump, and tricks with hearts
or the queen of spades cost penalty points: players try to take as little as possible. In
Spades two play against two, spades are always trumps, and points come from making your bid
exactly.</p>
<h3>How Spades differs from Preference</h3>
<p>Preference is played by three (or four, with the dealer sitting out) with a 32-card deck;
it has an auction, a talon, a chosen trump suit, whisting, and a score kept in the pool and
the hill. Spades has no auction and no talon: spades are always trumps, each player names a
number of tricks once, and partners play together. In Preference a player out of the suit
led must trump; in Spades they may, but need not. Nil resembles misère, but it is played
within the common hand, and the partner can cover it.</p>
"""),
    ("faq", "Questions and answers", """
<dl>
<dt>Do the computers see my cards?</dt>
<dd>No. The engine gives each computer player only its own seat's view of the table: its
cards, the bids, the cards played and the score. Other hands are simply not in it, so peeking
is impossible. The strong player draws conclusions from what everyone can see (such as who
could not follow suit) and tries out the possible layouts of the cards it cannot see. The
hint, too, knows only your cards.</dd>
<dt>What does the game number mean?</dt>
<dd>The number in the header («Game #…», also <code>?game=…</code> in the address) decides
every deal of the game and every decision of the computers. The same number and the same moves
of yours give exactly the same game: you can replay it or send it to a friend. An address with
another number starts a new game; if the current one is unfinished, the game asks first.</dd>
<dt>Will the game be saved?</dt>
<dd>Yes. After every action the game is written to the browser's storage (localStorage) on
this device. Close the tab and come back: the game continues from the same point — during the
bidding, in the middle of a trick or between hands. Settings and language are remembered too.
If the browser forbids saving, the game says so.</dd>
<dt>Why won't my card play?</dt>
<dd>A dimmed card cannot be played now. Click it and the line at the bottom says why: you
must follow suit (you hold a card of the suit led) or spades are not broken yet. If it says
"… to play", it is not your turn. And remember: the first click only raises a card, the
second plays it.</dd>
<dt>Why did my partner play that?</dt>
<dd>North always plays at the hard level; the difficulty setting changes the opponents only.
North does not see your cards either and judges by the bids and the cards played. North keeps
the game's score in mind too: near the target he bids what he is sure to take, and when the
opponents are near it he plays to set them, bags or no bags.</dd>
<dt>Do I need the internet?</dt>
<dd>Only the first time the page is opened. After that the game works offline.</dd>
<dt>Can I change the settings in the middle of a game?</dt>
<dd>Yes, but they apply from the next game: a game under way is finished under its own
rules.</dd>
</dl>
"""),
)
