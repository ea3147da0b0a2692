import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { Controller, useFormContext } from 'react-hook-form';

interface ChoiceFieldProps {
  name: string;
  label: string;
  options: { value: string; label: string }[];
}

/** A few exclusive choices side by side (stacked on a phone), bound to the form by name. */
export function ChoiceField({ name, label, options }: ChoiceFieldProps) {
  const { control } = useFormContext();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <FormControl>
          <FormLabel id={`${name}-label`} sx={{ fontSize: 14 }}>
            {label}
          </FormLabel>
          <RadioGroup
            row
            aria-labelledby={`${name}-label`}
            value={field.value}
            onChange={(event) => field.onChange(event.target.value)}
          >
            {options.map((option) => (
              <FormControlLabel
                key={option.value}
                value={option.value}
                control={<Radio size="small" />}
                label={option.label}
              />
            ))}
          </RadioGroup>
        </FormControl>
      )}
    />
  );
}
