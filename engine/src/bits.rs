//! Bit tricks on masks of up to 64 bits: the indices of the set bits, the `k`-th set bit
//! without a loop, a branch-free select, and spreading bits apart. The Hungarian round of
//! announcements lists and picks its actions from masks of bonus indices with these.

/// The indices of the set bits of a mask, lowest first.
pub(crate) fn bit_indices(mut bits: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            i
        })
    })
}

/// The index of the `k`-th set bit of `bits` (lowest first), or 64 if there are not that many.
///
/// Branch-free (a random pick's index is unpredictable, and a loop over the bits mispredicts
/// its exit): the bytes' bit counts summed in parallel find the byte holding the bit, and a
/// table the bit within the byte.
pub(crate) fn nth_bit(bits: u64, k: usize) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    if k >= 64 {
        return 64;
    }
    let k = k as u64;
    // Bit counts of each byte, then their running sums (byte j: bits in bytes 0..=j).
    let mut c = bits - ((bits >> 1) & 0x5555_5555_5555_5555);
    c = (c & 0x3333_3333_3333_3333) + ((c >> 2) & 0x3333_3333_3333_3333);
    c = (c + (c >> 4)) & 0x0f0f_0f0f_0f0f_0f0f;
    let sums = c.wrapping_mul(ONES);
    // The high bit of byte j is set where sums[j] <= k: those bytes lie before the wanted bit.
    let before = (((k * ONES) | HIGHS) - sums) & HIGHS;
    let bytes = ((before >> 7).wrapping_mul(ONES) >> 56) as u32;
    if bytes >= 8 {
        return 64;
    }
    let shift = bytes * 8;
    let skipped = ((sums << 8) >> shift) & 0xff;
    let rank = (k - skipped) as usize;
    let byte = ((bits >> shift) & 0xff) as usize;
    shift as usize + usize::from(SELECT_IN_BYTE[byte][rank & 7])
}

/// Every bit if `b`, else none: a mask that selects without a branch.
pub(crate) const fn all_if(b: bool) -> u64 {
    (b as u64).wrapping_neg()
}

/// The low 32 bits of `x` spread to the even bits: bit `i` moves to bit `2i`.
pub(crate) const fn spread(x: u64) -> u64 {
    let mut x = x & 0xffff_ffff;
    x = (x | x << 16) & 0x0000_ffff_0000_ffff;
    x = (x | x << 8) & 0x00ff_00ff_00ff_00ff;
    x = (x | x << 4) & 0x0f0f_0f0f_0f0f_0f0f;
    x = (x | x << 2) & 0x3333_3333_3333_3333;
    (x | x << 1) & 0x5555_5555_5555_5555
}

/// `SELECT_IN_BYTE[b][r]`: the position of the `r`-th set bit of byte `b` (8 if none).
pub(crate) const SELECT_IN_BYTE: [[u8; 8]; 256] = {
    let mut t = [[8u8; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let mut r = 0;
        let mut i = 0;
        while i < 8 {
            if b >> i & 1 == 1 {
                t[b][r] = i as u8;
                r += 1;
            }
            i += 1;
        }
        b += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nth_bit_and_spread_match_their_definitions() {
        let naive = |mut bits: u64, k: usize| {
            for _ in 0..k {
                bits &= bits.wrapping_sub(1);
            }
            bits.trailing_zeros() as usize
        };
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let mut masks = vec![0, u64::MAX, 1, 1 << 63, 0x8000_0000_0000_0001, 0xff00];
        for _ in 0..2000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            masks.push(x);
            masks.push(x & (x >> 3) & (x >> 5));
        }
        for &m in &masks {
            let spread = spread(m);
            for i in 0..32 {
                let expect = (m >> i) & 1 == 1;
                assert_eq!((spread >> (2 * i)) & 1 == 1, expect, "mask {m:#x}, bit {i}");
                assert_eq!((spread >> (2 * i + 1)) & 1, 0, "mask {m:#x}, bit {i}");
            }
        }
        for m in masks {
            for k in 0..=65 {
                assert_eq!(nth_bit(m, k), naive(m, k), "mask {m:#x}, k {k}");
            }
        }
    }
}
