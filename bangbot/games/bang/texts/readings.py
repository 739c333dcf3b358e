"""Katakana readings of the base game's English names, as a Japanese reader types them: /rules finds them too.

These are readings (how the English names sound), not translations: the Japanese catalog keeps the names the
Japanese edition prints, and nothing shows a reading to a player.
"""

from __future__ import annotations

CARD_READINGS: dict[str, tuple[str, ...]] = {
    "bang": ("バン", "バング"),
    "missed": ("ミスド", "ミスト"),
    "beer": ("ビール", "ビア"),
    "saloon": ("サルーン",),
    "stagecoach": ("ステージコーチ",),
    "wells_fargo": ("ウェルズ・ファーゴ",),
    "general_store": ("ジェネラル・ストア", "ジェネラルストア"),
    "panic": ("パニック",),
    "cat_balou": ("キャット・バルー",),
    "gatling": ("ガトリング",),
    "indians": ("インディアンズ", "インディアン"),
    "duel": ("デュエル",),
    "barrel": ("バレル",),
    "scope": ("スコープ",),
    "mustang": ("マスタング", "ムスタング"),
    "jail": ("ジェイル",),
    "dynamite": ("ダイナマイト",),
    "volcanic": ("ボルカニック", "ヴォルカニック"),
    "schofield": ("スコフィールド",),
    "remington": ("レミントン",),
    "rev_carabine": ("レブ・カービン", "カービン"),
    "winchester": ("ウィンチェスター",),
    "colt45": ("コルト45", "コルト・45"),
}

CHARACTER_READINGS: dict[str, tuple[str, ...]] = {
    "bart_cassidy": ("バート・キャシディ",),
    "black_jack": ("ブラック・ジャック",),
    "calamity_janet": ("カラミティ・ジャネット",),
    "el_gringo": ("エル・グリンゴ",),
    "jesse_jones": ("ジェシー・ジョーンズ",),
    "jourdonnais": ("ジュルドネ", "ジョーダネイ"),
    "kit_carlson": ("キット・カールソン",),
    "lucky_duke": ("ラッキー・デューク",),
    "paul_regret": ("ポール・リグレット",),
    "pedro_ramirez": ("ペドロ・ラミレス",),
    "rose_doolan": ("ローズ・ドゥーラン",),
    "sid_ketchum": ("シド・ケッチャム",),
    "slab_the_killer": ("スラブ・ザ・キラー",),
    "suzy_lafayette": ("スージー・ラファイエット",),
    "vulture_sam": ("ヴァルチャー・サム", "バルチャー・サム"),
    "willy_the_kid": ("ウィリー・ザ・キッド",),
}
