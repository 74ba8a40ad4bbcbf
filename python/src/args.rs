//! Reading the arguments of `new_game` (variant, seats, options, seed, dealer) into a [`Setup`],
//! and the list of variants.

use crate::InvalidSetupError;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyBytes, PyDict, PyInt, PyList, PyString};
use tarock_engine::options::OptionKind;
use tarock_engine::{DealSource, Seat, Setup, Variant};

/// The variant with wire id `id`, or an error listing the known ids.
pub(crate) fn variant(id: &str) -> PyResult<Variant> {
    Variant::from_id(id).ok_or_else(|| {
        let known: Vec<&str> = Variant::ALL.iter().map(|v| v.id()).collect();
        InvalidSetupError::new_err(format!(
            "unknown variant {id:?}; known: {}",
            known.join(", ")
        ))
    })
}

/// The number of seats: the variant's first table size when not given.
pub(crate) fn seats(variant: Variant, seats: Option<i64>) -> PyResult<u8> {
    let Some(n) = seats else {
        return Ok(variant.seat_counts()[0]);
    };
    u8::try_from(n)
        .ok()
        .filter(|n| variant.seat_counts().contains(n))
        .ok_or_else(|| {
            InvalidSetupError::new_err(format!(
                "{variant} is played by {:?} seats, not {n}",
                variant.seat_counts()
            ))
        })
}

/// The dealer, a seat of a table of `seats`.
pub(crate) fn dealer(dealer: i64, seats: u8) -> PyResult<Seat> {
    u8::try_from(dealer)
        .ok()
        .filter(|&d| d < seats)
        .and_then(Seat::try_new)
        .ok_or_else(|| {
            InvalidSetupError::new_err(format!(
                "dealer {dealer} is not a seat of a table of {seats} (0..{seats})"
            ))
        })
}

/// An option value as the engine reads it: a string as it is, a bool as `true`/`false`, an int
/// in decimal.
fn option_value(name: &str, v: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(s) = v.cast::<PyString>() {
        return Ok(s.to_str()?.to_owned());
    }
    if let Ok(b) = v.cast::<PyBool>() {
        return Ok(if b.is_true() { "true" } else { "false" }.to_owned());
    }
    if v.cast::<PyInt>().is_ok() {
        return Ok(v.str()?.to_str()?.to_owned());
    }
    Err(PyTypeError::new_err(format!(
        "option {name:?}: a value is a str, bool or int, not {}",
        v.get_type().name()?
    )))
}

/// Rule options as `name = value` pairs, from a dict or a sequence of pairs; each is checked
/// against the variant's options.
pub(crate) fn options(
    variant: Variant,
    options: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<(String, String)>> {
    let Some(options) = options.filter(|o| !o.is_none()) else {
        return Ok(Vec::new());
    };
    let mut pairs = Vec::new();
    if let Ok(d) = options.cast::<PyDict>() {
        for (k, v) in d.iter() {
            let name: String = k.extract().map_err(|_| {
                PyTypeError::new_err("option names are strings (a dict of name: value)")
            })?;
            let value = option_value(&name, &v)?;
            pairs.push((name, value));
        }
    } else {
        for item in options.try_iter().map_err(|_| {
            PyTypeError::new_err("options are a dict of name: value, or (name, value) pairs")
        })? {
            let (name, v): (String, Bound<'_, PyAny>) = item?.extract().map_err(|_| {
                PyTypeError::new_err("options are a dict of name: value, or (name, value) pairs")
            })?;
            let value = option_value(&name, &v)?;
            pairs.push((name, value));
        }
    }
    let mut typed = variant.default_options();
    for (name, value) in &pairs {
        typed
            .set(name, value)
            .map_err(|e| InvalidSetupError::new_err(format!("{variant}: {e}")))?;
    }
    Ok(pairs)
}

/// The 32-byte seed: `None` draws one from the operating system, an int `n` (0 ≤ n < 2²⁵⁶) is
/// `n.to_bytes(32, "little")`, bytes must be 32 long.
pub(crate) fn seed(seed: Option<&Bound<'_, PyAny>>) -> PyResult<[u8; 32]> {
    let Some(seed) = seed.filter(|s| !s.is_none()) else {
        let mut s = [0u8; 32];
        getrandom::fill(&mut s)
            .map_err(|e| InvalidSetupError::new_err(format!("no randomness for a seed: {e}")))?;
        return Ok(s);
    };
    if let Ok(b) = seed.cast::<PyBytes>() {
        return b.as_bytes().try_into().map_err(|_| {
            InvalidSetupError::new_err(format!(
                "a seed of bytes has 32 bytes, not {}",
                b.as_bytes().len()
            ))
        });
    }
    if seed.cast::<PyInt>().is_ok() && seed.cast::<PyBool>().is_err() {
        let bytes = seed.call_method1("to_bytes", (32, "little")).map_err(|_| {
            InvalidSetupError::new_err("an int seed is at least 0 and below 2**256")
        })?;
        let bytes = bytes.cast::<PyBytes>()?;
        return bytes
            .as_bytes()
            .try_into()
            .map_err(|_| InvalidSetupError::new_err("an int seed is at least 0 and below 2**256"));
    }
    Err(PyTypeError::new_err(format!(
        "a seed is None, an int or 32 bytes, not {}",
        seed.get_type().name()?
    )))
}

/// A seeded setup from `new_game`'s arguments.
pub(crate) fn setup(
    variant_id: &str,
    seats_arg: Option<i64>,
    options_arg: Option<&Bound<'_, PyAny>>,
    seed_arg: Option<&Bound<'_, PyAny>>,
    dealer_arg: i64,
) -> PyResult<Setup> {
    let variant = variant(variant_id)?;
    let seats = seats(variant, seats_arg)?;
    let dealer = dealer(dealer_arg, seats)?;
    let options = options(variant, options_arg)?;
    let seed = seed(seed_arg)?;
    Ok(Setup {
        variant,
        options,
        seats,
        dealer,
        deal: DealSource::Seed(seed),
        carried: tarock_engine::Carried::default(),
    })
}

/// Every variant: its id, name, table sizes, default pack size and rule options (name, type,
/// allowed values, default, description).
#[pyfunction]
pub(crate) fn variants(py: Python<'_>) -> PyResult<Bound<'_, PyList>> {
    let list = PyList::empty(py);
    for v in Variant::ALL {
        let d = PyDict::new(py);
        d.set_item("id", v.id())?;
        d.set_item("name", v.name())?;
        d.set_item(
            "seats",
            v.seat_counts()
                .iter()
                .map(|&n| u32::from(n))
                .collect::<Vec<_>>(),
        )?;
        d.set_item("pack_size", v.default_pack().len())?;
        let options = PyList::empty(py);
        for spec in v.option_specs() {
            let o = PyDict::new(py);
            o.set_item("name", spec.name)?;
            o.set_item("default", spec.default)?;
            o.set_item("description", spec.description)?;
            match spec.kind {
                OptionKind::Bool => o.set_item("type", "bool")?,
                OptionKind::Int { min, max } => {
                    o.set_item("type", "int")?;
                    o.set_item("min", min)?;
                    o.set_item("max", max)?;
                }
                OptionKind::Enum(words) => {
                    o.set_item("type", "enum")?;
                    o.set_item("values", words.to_vec())?;
                }
            }
            options.append(o)?;
        }
        d.set_item("options", options)?;
        list.append(d)?;
    }
    Ok(list)
}
